// A reader's row and translations: 'Translate' (named after the provision) for a reader who may
// translate, to the shown text's fragment; 'User translation' and the stale warning under saved ones.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import type { CachedText } from '../../machines/reader/fragment-texts-cache';
import type { FragmentRow as Fragment } from '../../machines/reader/text-loading.machine';
import { setUpComponentTests } from '../../testing/component-tests';
import { renderScreen } from '../../testing/render-screen';
import { FragmentRow } from './fragment-row';

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
