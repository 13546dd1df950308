// The editor's picker as a user sees it: recent documents when logged in, a search as you type,
// then the document's provisions by cite key and first words, each a link to /editor/{id}.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { citedNode } from '../../../testing/citation-fixtures';
import { setUpComponentTests } from '../../../testing/component-tests';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render-screen';
import { JANA } from '../../../testing/users';
import { EditorPickerScreen } from './editor-picker.screen';

const USTAVA = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
const F1 = '10000000-0000-4000-8000-000000000001';
const F2 = '10000000-0000-4000-8000-000000000002';
const ART1 = '20000000-0000-4000-8000-000000000001';
const PAR1 = '20000000-0000-4000-8000-000000000002';
const ART4 = '20000000-0000-4000-8000-000000000004';
const NODE = ART4;
const GROUP = '30000000-0000-4000-8000-000000000001';
const fragment = (id: string, seq: number, cite: string | null, nodeId: string) => ({
  id,
  node_id: nodeId,
  language_id: 1,
  language_code: 'cs',
  cite_key: cite,
  fragment_uid: `uid${seq}`,
  group_id: GROUP,
  has_text: true,
  seq,
});
const text = (id: string, value: string) => ({
  id,
  text: value,
  has_text: true,
  node_id: NODE,
  cite_key: null,
  language_id: 1,
  language_code: 'cs',
  source_fragment_id: id,
  translation: { status: null, stale: false, origin: 'imported' },
});

const queries: string[] = [];
mockApi(
  http.get('*/v1/search/autocomplete', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    queries.push(q);
    return HttpResponse.json({
      items: q.startsWith('ust')
        ? [{ document_id: USTAVA, title: 'Ústava České republiky', external_id: '1/1993 Sb.', group: 'search' }]
        : [],
      total: 0,
    });
  }),
  http.get('*/v1/user/document-access/recent', () =>
    HttpResponse.json({
      items: [
        {
          document_id: USTAVA,
          title: 'Ústava České republiky',
          external_id: '1/1993 Sb.',
          access_count: 3,
          last_accessed_at: '2026-11-20T10:00:00Z',
        },
      ],
    }),
  ),
  http.get('*/v1/legal/documents/:id/fragments', () =>
    HttpResponse.json({ items: [fragment(F1, 1, 'odst. 1', PAR1), fragment(F2, 2, 'Čl. 4', ART4)], next_cursor: null }),
  ),
  http.get('*/v1/legal/documents/:id/nodes', () =>
    HttpResponse.json({
      items: [
        citedNode(ART1, 'article', 'Čl. 1'),
        { ...citedNode(PAR1, 'paragraph', 'odst. 1', ART1), depth: 1 },
        citedNode(ART4, 'article', 'Čl. 4'),
      ],
    }),
  ),
  http.post('*/v1/legal/fragments/texts', () =>
    HttpResponse.json({
      items: [
        text(F1, 'Česká republika je svrchovaný, jednotný a demokratický právní stát založený na úctě k právům'),
        text(F2, 'Základní práva a svobody jsou pod ochranou soudní moci.'),
      ],
      total: 2,
    }),
  ),
);
setUpComponentTests();

describe('EditorPickerScreen', () => {
  it('searches as the user types, then lists the provisions, named in full, as links to the editor', async () => {
    const user = userEvent.setup();
    renderScreen(<EditorPickerScreen />, { path: '/editor', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Translation editor' })).toBeTruthy();
    expect(screen.getByText('Type a title or a law number.')).toBeTruthy();

    await user.type(screen.getByLabelText('Search documents by title or number'), 'ust');
    const found = await screen.findByRole('list', { name: 'Documents found' });
    expect(queries).toContain('ust');
    await user.click(within(found).getByRole('button', { name: /Ústava České republiky/ }));

    const list = await screen.findByRole('list', { name: 'Provisions of 1/1993 Sb.' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'Čl. 1 odst. 1 Česká republika je svrchovaný, jednotný a demokratický právní stát založený na úctě…',
        `/editor/${F1}`,
      ],
      ['Čl. 4 Základní práva a svobody jsou pod ochranou soudní moci.', `/editor/${F2}`],
    ]);

    // The filter ignores case and accents.
    await user.type(screen.getByLabelText('Filter provisions'), 'soudni');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/editor/${F2}`]);

    await user.click(screen.getByRole('button', { name: 'Change document' }));
    expect(await screen.findByLabelText('Search documents by title or number')).toBeTruthy();
  });

  it('offers a logged-in user the documents read lately', async () => {
    const user = userEvent.setup();
    renderScreen(<EditorPickerScreen />, { path: '/editor', user: JANA });
    const recent = await screen.findByRole('list', { name: 'Recently read' });
    await user.click(within(recent).getByRole('button', { name: /1\/1993 Sb\./ }));
    expect(await screen.findByRole('link', { name: /Čl\. 4/ })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderScreen(<EditorPickerScreen />, { path: '/editor', user: null });
    await user.type(await screen.findByLabelText('Search documents by title or number'), 'xyz');
    expect(await screen.findByText('No document matches “xyz”.')).toBeTruthy();
  });
});
