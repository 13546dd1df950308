// A reader's row and translations: 'Translate' (named after the provision) for a reader who may
// translate, to the shown text's fragment; 'User translation' and the stale warning under saved ones;
// headings, numbered items, provision actions and footnote markers in reading mode.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import type { CachedText } from '../../machines/reader/fragment-texts-cache';
import type { FragmentRow as Fragment } from '../../machines/reader/text-loading.machine';
import { setUpComponentTests } from '../../testing/component-tests';
import { renderScreen } from '../../testing/render-screen';
import type { Node } from '../../api/contract';
import { FragmentRow } from './fragment-row';
import { provisionLayouts } from './provision-layout';

setUpComponentTests();

const CS = '10000000-0000-4000-8000-000000000004';
const EN = '10000000-0000-4000-8000-000000000104';
const fragment: Fragment = {
  id: CS,
  node_id: '20000000-0000-4000-8000-000000000004',
  language_id: 1,
  language_code: 'cs',
  cite_key: 'Čl. 4',
  fragment_uid: 'uid4',
  group_id: '30000000-0000-4000-8000-000000000004',
  has_text: true,
  seq: 4,
};
const imported: CachedText = {
  text: 'Základní práva a svobody jsou pod ochranou soudní moci.',
  hasText: true,
  etag: null,
  sourceFragmentId: CS,
  translation: { status: null, stale: false, origin: 'imported' },
};
const editorHref = (id: string) => `/editor/${id}`;

function row(text: CachedText | undefined, options: { editor?: boolean; store?: ReturnType<typeof createStore> } = {}) {
  return renderScreen(
    <FragmentRow
      fragment={fragment}
      showHeader={false}
      text={text}
      failed={false}
      selected={false}
      onRetry={() => {}}
      nodeHref={(id) => `?node=${id}`}
      onSelectNode={() => {}}
      editorHref={options.editor === false ? undefined : editorHref}
    />,
    { path: '/documents/x', store: options.store },
  );
}

describe('FragmentRow translations', () => {
  it('offers a logged-in reader "Translate Čl. 4", which opens the editor on the fragment', async () => {
    const user = userEvent.setup();
    const { location } = row(imported);
    const link = screen.getByRole('link', { name: 'Translate Čl. 4' });
    expect(link.textContent).toBe('Translate');
    expect(link.getAttribute('href')).toBe(`/editor/${CS}`);
    // Reachable by the keyboard.
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect(location.history?.at(-1)).toBe(`/editor/${CS}`);
    expect(screen.queryByText('User translation')).toBeNull();
  });

  it('shows no link to an anonymous reader, nor while the text loads', () => {
    row(imported, { editor: false });
    expect(screen.queryByRole('link', { name: /Translate/ })).toBeNull();
    row(undefined);
    expect(screen.queryByRole('link', { name: /Translate/ })).toBeNull();
  });

  it('opens the fragment the shown text comes from when it is an aligned translation', () => {
    row({
      ...imported,
      sourceFragmentId: EN,
      translation: { status: 'translated', stale: false, origin: 'translated' },
    });
    expect(screen.getByRole('link', { name: 'Translate Čl. 4' }).getAttribute('href')).toBe(`/editor/${EN}`);
    expect(screen.getByText('User translation')).toBeTruthy();
    expect(screen.queryByText('Translation may be outdated')).toBeNull();
  });

  it('warns that a stale translation may be outdated, with the way to the editor, in Czech too', () => {
    const stale: CachedText = {
      ...imported,
      sourceFragmentId: EN,
      translation: { status: 'reviewed', stale: true, origin: 'translated' },
    };
    row(stale);
    expect(screen.getByText('Translation may be outdated')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review in the editor' }).getAttribute('href')).toBe(`/editor/${EN}`);

    const store = createStore();
    store.set(localeAtom, 'cs');
    row(stale, { store });
    expect(screen.getByText('Překlad může být zastaralý')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Přeložit Čl. 4' })).toBeTruthy();
  });
});

describe('FragmentRow reading typography', () => {
  const node = (
    id: string,
    node_type: string,
    type: string,
    cite_key: string,
    parent: string | null,
    title: string | null = null,
  ): Node => ({
    id,
    node_type,
    type,
    title,
    cite_key,
    external_id: id,
    order_index: 0,
    depth: 0,
    derived_parent_id: parent,
  });
  const PART = node('n-part', 'part', 'ČÁST', 'Část 1', null, 'OBECNÁ USTANOVENÍ');
  const SECTION = node('n-par2', 'article', '§', '§ 2', 'n-part', 'Vymezení základních pojmů');
  const SUBSECTION = node('n-odst', 'paragraph', 'odst.', 'odst. 1', 'n-par2');
  const LETTER = node('n-pism', 'clause', 'písm.', 'písm. a)', 'n-odst');
  const layouts = provisionLayouts([PART, SECTION, SUBSECTION, LETTER]);
  const text = (value: string): CachedText => ({ ...imported, text: value });

  function show(target: Node, value: string | undefined, extra: Partial<Parameters<typeof FragmentRow>[0]> = {}) {
    return renderScreen(
      <FragmentRow
        fragment={{ ...fragment, node_id: target.id, cite_key: target.cite_key, has_text: value !== undefined }}
        node={target}
        layout={layouts.get(target.id)}
        showHeader
        text={value === undefined ? undefined : text(value)}
        failed={false}
        selected={false}
        onRetry={() => {}}
        nodeHref={(id) => `?node=${id}`}
        onSelectNode={() => {}}
        {...extra}
      />,
      { path: '/documents/x' },
    );
  }

  it('sets parts and § as headings of decreasing level, the name beside the label, capitals quieted', () => {
    show(PART, undefined);
    const part = screen.getByRole('heading', { level: 2 });
    expect(part.textContent).toBe('Část 1 OBECNÁ USTANOVENÍ');
    expect(part.querySelector('.reader-caps')?.textContent).toBe('OBECNÁ USTANOVENÍ');
    show(SECTION, 'Pro účely tohoto zákona se rozumí');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('§ 2 Vymezení základních pojmů');
    // No developer words or ordinals in reading mode.
    expect(document.body.textContent).not.toMatch(/Order|Pořadí|Article|Node|\[/);
  });

  it('numbers odst. as "(1)" and písm. as "a)", the letter one step in', () => {
    show(SUBSECTION, 'Tento zákon se použije pro preventivní restrukturalizaci obchodní korporace.');
    show(LETTER, 'banky, spořitelního a úvěrního družstva,');
    const markers = [...document.querySelectorAll('.reader-item-marker')].map((marker) => marker.textContent);
    expect(markers).toEqual(['(1)', 'a)']);
    const depths = [...document.querySelectorAll<HTMLElement>('.reader-item')].map((item) =>
      item.style.getPropertyValue('--item-depth'),
    );
    expect(depths).toEqual(['0', '1']);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('puts the provision actions beside its heading, once per provision', () => {
    show(SECTION, 'Pro účely tohoto zákona se rozumí', {
      renderActions: (target) => <button type="button">Copy link to {target.cite_key}</button>,
    });
    expect(screen.getByRole('button', { name: 'Copy link to § 2' }).closest('.reader-heading-row')).toBeTruthy();
    show(SECTION, 'pokračování', {
      showHeader: false,
      renderActions: (target) => <button type="button">Again {target.cite_key}</button>,
    });
    expect(screen.queryByRole('button', { name: /Again/ })).toBeNull();
  });

  it('links a footnote marker typed after a word as a superscript to the footnotes', () => {
    show(SECTION, 'Tento zákon zapracovává předpis Evropské unie1), navazuje na předpis', {
      footnotesNodeId: 'n-notes',
    });
    const marker = screen.getByRole('link', { name: 'Footnote 1' });
    expect(marker.closest('sup')).toBeTruthy();
    expect(marker.getAttribute('href')).toBe('?node=n-notes');
    expect(marker.textContent).toBe('1)');
  });
});
