// The translation editor against a mocked API (msw): the invalid-id message, 'text {status}' and
// 'spans {status}', the heading naming the provision, the law and its version (and the page
// title), the bare heading when they cannot be read, the highlight clamped (reversed and non-numeric ranges ignored), references
// and the reader link, choosing a span, the login prompt, translating with suggestions, the
// 422 message, a stale translation's diff, a Copilot proposal accepted and dismissed, and axe.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { translationPreviewAtom } from '../../../atoms/copilot/copilot.atoms';
import { createStore } from '../../../atoms/store';
import type { TranslateResponse } from '../../../api/contract/translation';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { JANA } from '../../../testing/users';
import { TranslationEditorScreen } from './editor.screen';

const FRAGMENT = '5f0c8f1e-3c2b-5a4d-9e8f-0a1b2c3d4e5f';
const EN_FRAGMENT = '9d402c51-7a6f-5e81-9c23-4e5f60718293';
const DOC = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
const NODE = '6a1d9f2e-4d3c-5b5e-8f90-1b2c3d4e5f60';
const ARTICLE_NODE = '4c5d6e7f-8091-4a2b-9c3d-4e5f60718293';
const BRANCH = '0a1b2c3d-4e5f-4607-8819-2a3b4c5d6e7f';
const DOC_PATH = `/documents/${DOC}-ustava-ceske-republiky`;
const TARGET_NODE = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
const GROUP = '7b2e0a3f-5e4d-5c6f-9a01-2c3d4e5f6071';
const SOURCE = '3d4e5f60-7182-5a93-84b5-c6d7e8f90a1b';
const SAVED = '8c3f1b40-6f5e-5d70-8b12-3d4e5f607182';
const TEXT = 'Česká republika je svrchovaný stát podle čl. 1 Ústavy.';
const CITE = TEXT.indexOf('čl. 1');

const fragmentText = (overrides: Record<string, unknown> = {}) => ({
  text: TEXT,
  document_id: DOC,
  branch_id: BRANCH,
  node_id: NODE,
  language_id: 1,
  language_code: 'cs',
  translation: { status: null, stale: false, origin: 'imported' },
  stale_source_text: null,
  ...overrides,
});
const DOCUMENT = {
  id: DOC,
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { title: 'Ústava České republiky', source_system: 'e-sbirka' },
  published_date: '1993-01-01',
  effective_date: '1993-01-01',
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00Z',
  counts: { nodes: 2, fragments: 1 },
  languages: ['cs'],
  branch: { id: BRANCH, name: 'snapshot-1993-01-01' },
};
const node = (id: string, type: string, citeKey: string, parent: string | null) => ({
  id,
  node_type: type,
  type,
  title: null,
  cite_key: citeKey,
  external_id: citeKey,
  order_index: parent ? 1 : 0,
  depth: parent ? 1 : 0,
  derived_parent_id: parent,
});
const NODES = {
  items: [node(ARTICLE_NODE, 'article', 'Čl. 1', null), node(NODE, 'paragraph', 'odst. 2', ARTICLE_NODE)],
};
const SPANS = {
  items: [
    {
      id: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f901',
      fragment_id: FRAGMENT,
      abs_start: CITE,
      abs_end: CITE + 5,
      metadata: { kind: 'reference', citation: 'čl. 1', target_node_id: TARGET_NODE },
    },
  ],
};
const members = (stale = false) => ({
  group_id: GROUP,
  items: [
    {
      fragment_id: FRAGMENT,
      language_code: 'cs',
      language_id: 1,
      language_name: 'Czech',
      status: null,
      stale: false,
      origin: 'imported',
    },
    {
      fragment_id: EN_FRAGMENT,
      language_code: 'en',
      language_id: 2,
      language_name: 'English',
      status: 'reviewed',
      stale,
      origin: 'translated',
    },
  ],
});
const translateAnswer: TranslateResponse = {
  translation_preview: 'The Czech Republic is a sovereign state under Art. 1 of the Constitution.',
  target_language_id: 2,
  target_language_code: 'en',
  group_id: GROUP,
  origin: 'fuzzy',
  suggestions: [
    {
      text: 'The Czech Republic is a sovereign state under Art. 1 of the Constitution.',
      score: 87,
      kind: 'fuzzy',
      source_text: 'Česká republika je svrchovaný stát podle čl. 2 Ústavy.',
      provenance: [
        { source: 'tm', celex: '32016R0679', tmx_file: 'Vol_2016_1.tmx' },
        {
          source: 'library',
          fragment_id: SOURCE,
          document_id: DOC,
          external_id: '1/1993 Sb.',
          branch_id: BRANCH,
          branch_name: 'snapshot-1993-01-01',
          cite_key: 'Čl. 1',
          origin: 'imported',
          status: null,
        },
      ],
      differences: [{ kind: 'cite_key', expected: 'čl. 1', found: 'čl. 2', start: CITE, end: CITE + 5 }],
    },
  ],
  qa: [],
};

const api = {
  text: (): Response => HttpResponse.json(fragmentText()),
  spans: (): Response => HttpResponse.json(SPANS),
  members: (): Response => HttpResponse.json(members()),
  translate: (): Response => HttpResponse.json(translateAnswer),
  document: (): Response => HttpResponse.json(DOCUMENT),
};
const placeReads: string[] = [];
const saved: unknown[] = [];
setUpComponentTests();
mockApi(
  http.get('*/v1/legal/fragments/:id/text', ({ params }) =>
    params.id === EN_FRAGMENT
      ? HttpResponse.json(fragmentText({ text: 'Old', language_code: 'en' }))
      : params.id === FRAGMENT
        ? api.text()
        : HttpResponse.json(fragmentText({ text: 'Česká republika je svrchovaný a jednotný stát.' })),
  ),
  http.get('*/v1/legal/fragments/:id/spans', () => api.spans()),
  http.get('*/v1/legal/documents/:id', ({ request }) => {
    placeReads.push(`document ${new URL(request.url).searchParams.get('branch')}`);
    return api.document();
  }),
  http.get('*/v1/legal/documents/:id/nodes', ({ request }) => {
    placeReads.push(`nodes ${new URL(request.url).searchParams.get('branch')}`);
    return HttpResponse.json(NODES);
  }),
  http.get('*/v1/legal/alignment-members', () => api.members()),
  http.get('*/v1/legal/languages', () =>
    HttpResponse.json({
      items: [
        { language_id: 1, iso_639_1: 'cs', name: 'Czech' },
        { language_id: 2, iso_639_1: 'en', name: 'English' },
      ],
    }),
  ),
  http.post('*/v1/legal/translate', () => api.translate()),
  http.post('*/v1/legal/fragments', async ({ request }) => {
    saved.push(await request.json());
    return HttpResponse.json({ id: SAVED }, { status: 201 });
  }),
);
afterEach(() => {
  api.text = () => HttpResponse.json(fragmentText());
  api.spans = () => HttpResponse.json(SPANS);
  api.members = () => HttpResponse.json(members());
  api.translate = () => HttpResponse.json(translateAnswer);
  api.document = () => HttpResponse.json(DOCUMENT);
  saved.length = 0;
  placeReads.length = 0;
});

const open = (search = '', options: Parameters<typeof renderScreen>[1] = {}) =>
  renderScreen(<TranslationEditorScreen fragmentId={FRAGMENT} />, {
    path: `/editor/${FRAGMENT}${search}`,
    user: null,
    ...options,
  });
const highlighted = () =>
  screen
    .queryAllByTestId('editor-highlight')
    .map((mark) => mark.textContent?.replace('highlighted: ', ''))
    .join('');

describe('TranslationEditorScreen', () => {
  it("says 'Provide a valid fragment id to load content.' unless the id is a UUID v1-5", async () => {
    for (const id of ['not-an-id', '00000000-0000-0000-0000-000000000000', '5f0c8f1e-3c2b-7a4d-9e8f-0a1b2c3d4e5f']) {
      const view = renderScreen(<TranslationEditorScreen fragmentId={id} />, { path: `/editor/${id}`, user: null });
      expect(screen.getByTestId('editor-invalid-id').textContent).toBe('Provide a valid fragment id to load content.');
      view.unmount();
    }
  });

  it("says 'text {status}' or 'spans {status}' when a read fails, and tries again", async () => {
    api.text = () => HttpResponse.json({ detail: 'not_found', message: 'Fragment not found' }, { status: 404 });
    const view = open();
    expect((await screen.findByTestId('editor-load-error')).textContent).toContain('text 404');
    view.unmount();

    api.text = () => HttpResponse.json(fragmentText());
    api.spans = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    open();
    expect((await screen.findByTestId('editor-load-error')).textContent).toContain('spans 500');
    api.spans = () => HttpResponse.json(SPANS);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('editor-text')).textContent).toBe(TEXT);
  });

  it('names the provision, the law and its version in the heading and the page title', async () => {
    open();
    const place = await screen.findByTestId('editor-place');
    expect(within(place).getByRole('heading', { level: 1 }).textContent).toBe('Čl. 1 odst. 2');
    const law = within(place).getByRole('link', { name: 'Ústava České republiky · 1/1993 Sb.' });
    expect(law.getAttribute('href')).toBe(`${DOC_PATH}?branch=snapshot-1993-01-01`);
    expect(within(place).getByTestId('editor-version').textContent).toBe(' · Version of January 1, 1993');
    await waitFor(() =>
      expect(document.title).toBe('Čl. 1 odst. 2 · Ústava České republiky · Translation editor · Lexhub'),
    );
    // The document and the nodes of the fragment's own version: two reads, by branch id.
    expect(placeReads.sort()).toEqual([`document ${BRANCH}`, `nodes ${BRANCH}`]);
  });

  it('keeps the bare heading and the text when the document cannot be read', async () => {
    api.document = () => HttpResponse.json({ detail: 'internal_error' }, { status: 500 });
    open();
    expect((await screen.findByTestId('editor-text')).textContent).toBe(TEXT);
    await waitFor(() => expect(placeReads).toContain(`document ${BRANCH}`));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Translation editor');
    expect(screen.queryByTestId('editor-place')).toBeNull();
    expect(screen.getByTestId('editor-reader-link').getAttribute('href')).toBe(`/documents/${DOC}?node=${NODE}`);
  });

  it('highlights start..end clamped to the text, and ignores reversed or non-numeric ranges', async () => {
    const view = open('?start=20&end=9999');
    await screen.findByTestId('editor-text');
    expect(highlighted()).toBe(TEXT.slice(20));
    view.unmount();
    for (const search of ['?start=30&end=10', '?start=a&end=10', '?start=5', '?start=1.5&end=9']) {
      const again = open(search);
      await screen.findByTestId('editor-text');
      expect(highlighted()).toBe('');
      again.unmount();
    }
    // A range across the reference cuts the link but keeps it one link.
    open(`?start=-4&end=${CITE + 2}`);
    await screen.findByTestId('editor-text');
    expect(highlighted()).toBe(TEXT.slice(0, CITE + 2));
    expect(screen.getAllByTestId('editor-span-link')).toHaveLength(1);
  });

  it('links references and the reader, and highlights a chosen span through the address', async () => {
    const { location } = open();
    await screen.findByTestId('editor-place');
    // Both at the fragment's own version, which the reader would not open by itself.
    const link = await screen.findByTestId('editor-span-link');
    expect(link.textContent).toBe('čl. 1');
    expect(link.getAttribute('href')).toBe(`${DOC_PATH}?branch=snapshot-1993-01-01&node=${TARGET_NODE}`);
    expect(screen.getByTestId('editor-reader-link').getAttribute('href')).toBe(
      `${DOC_PATH}?branch=snapshot-1993-01-01&node=${NODE}`,
    );
    const spans = within(screen.getByTestId('editor-spans'));
    const chooser = spans.getByRole('button', { name: `reference: čl. 1, characters ${CITE}–${CITE + 5}` });
    await userEvent.click(chooser);
    expect(location.history?.at(-1)).toBe(`/editor/${FRAGMENT}?start=${CITE}&end=${CITE + 5}`);
    await waitFor(() => expect(highlighted()).toBe('čl. 1'));
    expect(chooser.getAttribute('aria-pressed')).toBe('true');
  });

  it('lists the aligned fragments with their flags, each opening in the editor', async () => {
    open();
    const alignment = within(await screen.findByTestId('editor-alignment'));
    const items = await alignment.findAllByTestId('alignment-member');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Imported')).toBeTruthy();
    const english = within(items[1]!).getByRole('link', { name: 'English (en)' });
    expect(english.getAttribute('href')).toBe(`/editor/${EN_FRAGMENT}`);
    expect(within(items[1]!).getByText('Reviewed')).toBeTruthy();
  });

  it('lets anonymous readers read, and asks them to log in to translate', async () => {
    open('?start=1&end=3');
    await screen.findByTestId('editor-text');
    const login = within(screen.getByTestId('translation-login')).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe(
      `/auth/login?next=${encodeURIComponent(`/editor/${FRAGMENT}?start=1&end=3`)}`,
    );
    expect(screen.queryByTestId('translation-translate')).toBeNull();
  });

  it('translates with suggestions, differences and provenance, then saves and opens the saved fragment', async () => {
    const { location } = open('', { user: JANA });
    await screen.findByTestId('translation-tool');
    await userEvent.click(await screen.findByTestId('translation-translate'));
    expect((await screen.findByTestId('translation-notice')).textContent).toContain('Select a target language');
    await screen.findByRole('option', { name: 'English (en)' });
    await userEvent.selectOptions(screen.getByLabelText('Target language'), 'cs');
    await userEvent.click(screen.getByTestId('translation-translate'));
    expect((await screen.findByTestId('translation-notice')).textContent).toContain(
      'Select a different target language',
    );
    await userEvent.type(screen.getByLabelText('Custom ISO 639-1 code'), 'EN');
    expect((screen.getByLabelText('Custom ISO 639-1 code') as HTMLInputElement).value).toBe('en');
    await userEvent.click(screen.getByTestId('translation-translate'));
    const preview = (await screen.findByLabelText('Translation preview')) as HTMLTextAreaElement;
    expect(preview.value).toBe(translateAnswer.translation_preview);
    const suggestion = within(screen.getByTestId('translation-suggestion'));
    expect(suggestion.getByTestId('suggestion-score').textContent).toBe('87% match');
    expect(suggestion.getByTestId('suggestion-kind').textContent).toBe('fuzzy match');
    expect(suggestion.getByTestId('suggestion-difference').textContent).toBe('čl. 2');
    expect(
      within(suggestion.getByTestId('suggestion-provenance'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['DGT-TM, CELEX 32016R0679, file Vol_2016_1.tmx', '1/1993 Sb., Čl. 1 (Version of January 1, 1993)']);
    await userEvent.clear(preview);
    await userEvent.type(preview, 'Edited');
    await userEvent.click(screen.getByTestId('translation-save'));
    expect(await screen.findByTestId('translation-saved')).toBeTruthy();
    expect(saved).toEqual([{ node_id: NODE, text: 'Edited', language_code: 'en', alignment_group_id: GROUP }]);
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/editor/${SAVED}`), { timeout: 3000 });
  });

  it('shows a machine translation without a match % or a source of its own', async () => {
    const mt = 'The Czech Republic is a sovereign state under Art. 1 of the Constitution (MT).';
    api.translate = () =>
      HttpResponse.json({
        ...translateAnswer,
        translation_preview: mt,
        origin: 'mt',
        suggestions: [
          {
            text: mt,
            score: 0,
            kind: 'mt',
            source_text: TEXT,
            provenance: [{ source: 'provider', provider: 'deepl', model: null }],
            differences: [],
          },
        ],
      } satisfies TranslateResponse);
    open('', { user: JANA });
    await userEvent.type(await screen.findByLabelText('Custom ISO 639-1 code'), 'en');
    await userEvent.click(screen.getByTestId('translation-translate'));
    const suggestion = within(await screen.findByTestId('translation-suggestion'));
    expect(suggestion.getByTestId('suggestion-kind').textContent).toBe('machine translation');
    expect(suggestion.queryByTestId('suggestion-score')).toBeNull();
    expect(suggestion.queryByTestId('suggestion-source')).toBeNull();
    expect(suggestion.getByTestId('suggestion-provenance').textContent).toBe('Provider: DeepL');
  });

  it("says 'Translation service returned no content' and why on 422 no_translation_available", async () => {
    api.translate = () =>
      HttpResponse.json(
        { detail: 'no_translation_available', message: 'No memory match and no provider configured' },
        { status: 422 },
      );
    open('', { user: JANA });
    await userEvent.type(await screen.findByLabelText('Custom ISO 639-1 code'), 'en');
    await userEvent.click(screen.getByTestId('translation-translate'));
    const notice = await screen.findByTestId('translation-notice');
    expect(notice.textContent).toContain('Translation service returned no content');
    expect(within(notice).getByTestId('translation-notice-detail').textContent).toBe(
      'No memory match and no provider configured',
    );
  });

  it('shows a stale translation with the word diff from the old to the current source', async () => {
    api.text = () =>
      HttpResponse.json(
        fragmentText({
          translation: { status: 'reviewed', stale: true, origin: 'translated' },
          stale_source_text: 'Česká republika je svrchovaný stát.',
          language_code: 'en',
        }),
      );
    const [source, english] = members(true).items;
    api.members = () =>
      HttpResponse.json({
        ...members(),
        items: [
          { ...source, fragment_id: SOURCE },
          { ...english, fragment_id: FRAGMENT },
        ],
      });
    open('', { user: JANA });
    const stale = await screen.findByTestId('editor-stale');
    expect(within(screen.getByTestId('editor-flags')).getByTestId('flag-stale').textContent).toBe('Stale');
    const diff = await within(stale).findByTestId('editor-stale-diff');
    expect(diff.querySelector('ins')?.textContent).toContain('a jednotný');
    expect(within(stale).getByRole('button', { name: 'Mark as reviewed' })).toBeTruthy();
    expect(within(stale).getByRole('button', { name: 'Clear stale flag' })).toBeTruthy();
  });

  it('shows a Copilot proposal for this fragment as a card: Accept puts it in the form, Dismiss hides it', async () => {
    const store = createStore();
    store.set(translationPreviewAtom, { text: 'Elsewhere', fragmentId: EN_FRAGMENT, ts: 1 });
    open('', { user: JANA, store });
    await screen.findByTestId('translation-tool');
    expect(screen.queryByTestId('copilot-preview')).toBeNull();

    store.set(translationPreviewAtom, {
      text: 'The Czech Republic is a sovereign state.',
      fragmentId: FRAGMENT,
      language: 'en',
      origin: 'fuzzy',
      score: 92,
      ts: 2,
    });
    const card = await screen.findByTestId('copilot-preview');
    expect(within(card).getByTestId('copilot-preview-meta').textContent).toBe('fuzzy match, 92%');
    // It never fills the form by itself.
    expect(screen.queryByLabelText('Translation preview')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByTestId('copilot-preview')).toBeNull();
    const preview = screen.getByLabelText('Translation preview') as HTMLTextAreaElement;
    expect(preview.value).toBe('The Czech Republic is a sovereign state.');
    expect((screen.getByLabelText('Target language') as HTMLSelectElement).value).toBe('en');

    await userEvent.type(preview, ' Edited.');
    store.set(translationPreviewAtom, { text: 'A later proposal', fragmentId: FRAGMENT, ts: 3 });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('copilot-preview')).toBeNull();
    expect(preview.value).toBe('The Czech Republic is a sovereign state. Edited.');
    await userEvent.click(screen.getByTestId('translation-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ text: 'The Czech Republic is a sovereign state. Edited.', language_code: 'en' });
  });

  it('is usable by keyboard alone and has no serious axe violations, logged in or not', async () => {
    const store = createStore();
    store.set(translationPreviewAtom, { text: 'Proposal', fragmentId: FRAGMENT, origin: 'mt', score: 0, ts: 1 });
    const view = open('?start=0&end=5', { user: JANA, store });
    await screen.findByTestId('copilot-preview');
    await screen.findAllByTestId('alignment-member');
    await userEvent.type(screen.getByLabelText('Custom ISO 639-1 code'), 'en{Enter}');
    await screen.findByTestId('translation-suggestion');
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual([
      'H1',
      'H2',
      'H2',
      'H3',
      'H3',
      'H2',
      'H2',
    ]);
    const serious = async () => {
      const report = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      return report.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
    };
    expect(await serious()).toEqual([]);
    view.unmount();
    open('?start=0&end=5');
    await screen.findByTestId('translation-login');
    expect(await serious()).toEqual([]);
  });
});
