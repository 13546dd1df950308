// A row with a second language and with the find's hits: two columns on a wide screen (the source
// and its aligned passage, each marked with its language), the source under 'Not translated' where
// the language lacks the passage, a per-passage toggle on a phone that shows it in place; the
// find's hits in <mark>, the current one distinct, links and footnotes kept.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { findCurrentHitAtom, findQueryAtom } from '../../atoms/reader/find.atoms';
import type { CachedText } from '../../machines/reader/fragment-texts-cache';
import type { FragmentRow as Fragment, SpanRow } from '../../machines/reader/text-loading.machine';
import type { SecondText as Second } from '../../machines/reader/second-language.machine';
import { setUpComponentTests } from '../../testing/component-tests';
import { renderScreen } from '../../testing/render-screen';
import { FragmentRow } from './fragment-row';
import { SecondLanguageValueProvider, type SecondLanguageValue } from './second-language';

setUpComponentTests();

const fragment = (id: string, cite: string): Fragment => ({
  id,
  node_id: `n-${id}`,
  language_id: 1,
  language_code: 'cs',
  cite_key: cite,
  fragment_uid: `uid-${id}`,
  group_id: '30000000-0000-4000-8000-000000000004',
  has_text: true,
  seq: 1,
});
const cached = (text: string): CachedText => ({
  text,
  hasText: true,
  etag: null,
  sourceFragmentId: 'x',
  translation: { status: null, stale: false, origin: 'imported' },
});
const TRANSLATED = fragment('f1', 'Čl. 1');
const MISSING = fragment('f2', 'Čl. 2');
const CS_1 = 'Česká republika je svrchovaný, jednotný a demokratický právní stát.';
const EN_1 = 'The Czech Republic is a sovereign, unitary, and democratic state governed by the rule of law.';
const CS_2 = 'Veškerá státní moc vychází z lidu.';
const seconds = new Map<string, Second>([
  ['f1', { text: EN_1, hasText: true, languageCode: 'en', sourceFragmentId: 'f1-en' }],
  ['f2', { text: CS_2, hasText: true, languageCode: 'cs', sourceFragmentId: 'f2' }],
]);

function Rows({ layout, initial }: { layout: 'columns' | 'toggle'; initial?: Partial<SecondLanguageValue> }) {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const value: SecondLanguageValue = {
    lang: 'en',
    readLang: 'cs',
    layout,
    texts: seconds,
    failed: new Set(),
    shown,
    toggle: (id) =>
      setShown((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    retry: () => {},
    choices: ['en'],
    choose: () => {},
    ...initial,
  };
  return (
    <SecondLanguageValueProvider value={value}>
      {[
        [TRANSLATED, CS_1],
        [MISSING, CS_2],
        [fragment('f3', 'Čl. 3'), 'Ještě se načítá.'],
      ].map(([item, text]) => (
        <FragmentRow
          key={(item as Fragment).id}
          fragment={item as Fragment}
          showHeader={false}
          text={cached(text as string)}
          failed={false}
          selected={false}
          onRetry={() => {}}
          nodeHref={(id) => `?node=${id}`}
          onSelectNode={() => {}}
        />
      ))}
    </SecondLanguageValueProvider>
  );
}

describe('FragmentRow with a second language', () => {
  it('sets each passage beside its aligned one in two columns, each in its language', () => {
    renderScreen(<Rows layout="columns" />, { path: '/documents/x' });
    const first = document.querySelector('[data-fragment-id="f1"] .reader-pair')!;
    const [source, second] = [...first.children] as HTMLElement[];
    expect(source!.getAttribute('lang')).toBe('cs');
    expect(source!.textContent).toContain(CS_1);
    expect(second!.getAttribute('lang')).toBe('en');
    expect(second!.textContent).toBe(EN_1);
    expect(first.querySelector('.reader-untranslated-mark')).toBeNull();
    // A passage still loading has a placeholder in the second column.
    expect(document.querySelector('[data-fragment-id="f3"] .reader-second[aria-busy]')).toBeTruthy();
  });

  it('shows the source with a visible "Not translated" mark where the language lacks the passage', () => {
    renderScreen(<Rows layout="columns" />, { path: '/documents/x' });
    const second = document.querySelector<HTMLElement>('[data-fragment-id="f2"] .reader-second')!;
    expect(second.dataset.untranslated).toBeDefined();
    expect(second.getAttribute('lang')).toBe('cs');
    expect(second.textContent).toBe(`Not translated${CS_2}`);

    const store = createStore();
    store.set(localeAtom, 'cs');
    renderScreen(<Rows layout="columns" />, { path: '/documents/x', store });
    expect(screen.getByText('Nepřeloženo')).toBeTruthy();
  });

  it('on a phone, a toggle per passage shows it in the other language in place, by keyboard too', async () => {
    const user = userEvent.setup();
    renderScreen(<Rows layout="toggle" />, { path: '/documents/x' });
    expect(document.querySelector('.reader-pair')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Čl. 1 in English' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(CS_1)).toBeTruthy();
    expect(screen.queryByText(EN_1)).toBeNull();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(EN_1).closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.queryByText(CS_1)).toBeNull();
    // The other passages stay in the language read.
    expect(screen.getByText(CS_2)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Čl. 2 in English' }));
    expect(screen.getByText('Not translated')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Čl. 1 in English' }));
    expect(screen.getByText(CS_1)).toBeTruthy();
  });
});

describe('FragmentRow find highlights', () => {
  const REF = '40000000-0000-4000-8000-000000000001';
  const TEXT = 'Prezident republiky jmenuje; podle čl. 62 prezident Evropské unie1) a PREZIDENTA.';
  const at = TEXT.indexOf('čl. 62 prezident');
  const spans: SpanRow[] = [
    {
      id: '50000000-0000-4000-8000-000000000001',
      fragment_id: '10000000-0000-4000-8000-000000000001',
      abs_start: at,
      abs_end: at + 'čl. 62 prezident'.length,
      metadata: { kind: 'reference', target_node_id: REF },
    },
  ];

  function show(query: string, current?: number) {
    const store = createStore();
    store.set(findQueryAtom, query);
    if (current !== undefined) store.set(findCurrentHitAtom, { fragmentId: 'f1', occurrence: current });
    return renderScreen(
      <FragmentRow
        fragment={TRANSLATED}
        showHeader={false}
        text={cached(TEXT)}
        spans={spans}
        failed={false}
        selected={false}
        onRetry={() => {}}
        nodeHref={(id) => `?node=${id}`}
        onSelectNode={() => {}}
        footnotesNodeId="n-notes"
      />,
      { path: '/documents/x', store },
    );
  }

  it('marks every hit (case and accents folded), inside a reference link too, the current one distinct', () => {
    show('prezident', 1);
    const marks = [...document.querySelectorAll<HTMLElement>('mark.find-hit')];
    expect(marks.map((mark) => mark.textContent)).toEqual(['Prezident', 'prezident', 'PREZIDENT']);
    expect(marks.map((mark) => mark.dataset.hit)).toEqual(['0', '1', '2']);
    expect(marks.filter((mark) => mark.dataset.current !== undefined).map((mark) => mark.dataset.hit)).toEqual(['1']);
    // The reference stays a link, with the hit inside it; the footnote marker stays a linked superscript.
    const link = screen.getByRole('link', { name: 'čl. 62 prezident' });
    expect(link.getAttribute('href')).toBe(`?node=${REF}`);
    expect(link.querySelector('mark')?.textContent).toBe('prezident');
    expect(screen.getByRole('link', { name: 'Footnote 1' }).closest('sup')).toBeTruthy();
    expect(document.querySelector('.reader-text')?.textContent).toBe(TEXT);
  });

  it('marks a hit cut by a link in both pieces with the same number', () => {
    show('62 prezident evrop');
    const marks = [...document.querySelectorAll<HTMLElement>('mark.find-hit')];
    expect(marks.map((mark) => [mark.textContent, mark.dataset.hit])).toEqual([
      ['62 prezident', '0'],
      [' Evrop', '0'],
    ]);
  });

  it('marks nothing without a query, and no current hit in another fragment', () => {
    show('');
    expect(document.querySelector('mark')).toBeNull();
    const store = createStore();
    store.set(findQueryAtom, 'prezident');
    store.set(findCurrentHitAtom, { fragmentId: 'other', occurrence: 0 });
    renderScreen(
      <FragmentRow
        fragment={TRANSLATED}
        showHeader={false}
        text={cached(TEXT)}
        failed={false}
        selected={false}
        onRetry={() => {}}
        nodeHref={(id) => `?node=${id}`}
        onSelectNode={() => {}}
      />,
      { path: '/documents/x', store },
    );
    expect(document.querySelectorAll('mark.find-hit').length).toBe(3);
    expect(document.querySelector('mark[data-current]')).toBeNull();
  });
});
