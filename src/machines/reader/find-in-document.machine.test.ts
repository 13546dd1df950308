// @vitest-environment jsdom
// Find in the document: waits for a pause in typing, asks the server (msw) for the version's hits,
// walks them with next/previous (wrapping), tells the page each hit's provision, forgets on close.
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createActor, waitFor } from 'xstate';
import type { FindResult } from '../../api/contract/find';
import { mockApi } from '../../testing/mock-api';
import {
  findInDocumentMachine,
  selectFindCurrent,
  selectFindError,
  selectFindOpen,
  selectFindTotal,
} from './find-in-document.machine';

const DOC = '11111111-1111-4111-8111-111111111111';
const F1 = '22222222-2222-4222-8222-222222222221';
const F2 = '22222222-2222-4222-8222-222222222222';
const N1 = '33333333-3333-4333-8333-333333333331';
const N2 = '33333333-3333-4333-8333-333333333332';

const RESULT: FindResult = {
  query: 'prezident',
  total: 3,
  items: [
    {
      fragment_id: F1,
      node_id: N1,
      seq: 4,
      cite_key: 'odst. 1',
      snippet: 'Prezident republiky je hlavou státu.',
      hits: 1,
    },
    { fragment_id: F2, node_id: N2, seq: 9, cite_key: null, snippet: 'prezident … prezidenta', hits: 2 },
  ],
};

const asked: URL[] = [];
const server = mockApi(
  http.get(`/v1/legal/documents/${DOC}/find`, ({ request }) => {
    const url = new URL(request.url);
    asked.push(url);
    return url.searchParams.get('q') === 'boom'
      ? HttpResponse.json({ detail: 'validation_failed', message: 'q: bad' }, { status: 400 })
      : HttpResponse.json(RESULT);
  }),
);

function start() {
  const visited: (string | undefined)[] = [];
  const actor = createActor(
    findInDocumentMachine.provide({
      actions: { goToNode: (_, { nodeId }) => visited.push(nodeId) },
      delays: { typing: 0 },
    }),
    { input: { documentId: DOC, branch: 'main', lang: 'cs' } },
  ).start();
  return { actor, visited };
}

describe('findInDocumentMachine', () => {
  it('searches the version after typing and walks the hits, wrapping around', async () => {
    asked.length = 0;
    const { actor, visited } = start();
    actor.send({ type: 'find.open' });
    expect(selectFindOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'find.input', value: 'prez' });
    actor.send({ type: 'find.input', value: 'prezident' });
    const found = await waitFor(actor, (s) => s.matches({ open: 'found' }));
    // Only the last query was sent, with the version and language.
    expect(asked.map((url) => url.searchParams.get('q'))).toEqual(['prezident']);
    expect(asked[0]!.searchParams.get('branch')).toBe('main');
    expect(asked[0]!.searchParams.get('lang')).toBe('cs');
    expect(selectFindTotal(found)).toBe(3);
    expect(selectFindCurrent(found)).toBe(1);
    expect(visited).toEqual([N1]);

    actor.send({ type: 'find.next' });
    actor.send({ type: 'find.next' });
    expect(selectFindCurrent(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'find.next' });
    expect(selectFindCurrent(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'find.previous' });
    expect(selectFindCurrent(actor.getSnapshot())).toBe(3);
    expect(visited).toEqual([N1, N2, N2, N1, N2]);
  });

  it('sends nothing for a blank query and forgets the query on close', async () => {
    asked.length = 0;
    const { actor } = start();
    actor.send({ type: 'find.open' });
    actor.send({ type: 'find.input', value: '   ' });
    await waitFor(actor, (s) => s.matches({ open: 'idle' }));
    expect(asked).toEqual([]);
    actor.send({ type: 'find.close' });
    expect(actor.getSnapshot().context.query).toBe('');
    expect(selectFindOpen(actor.getSnapshot())).toBe(false);
  });

  it('shows a failure and retries', async () => {
    const { actor } = start();
    actor.send({ type: 'find.open' });
    actor.send({ type: 'find.input', value: 'boom' });
    const failed = await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(selectFindError(failed)?.detail).toBe('validation_failed');
    server.use(http.get(`/v1/legal/documents/${DOC}/find`, () => HttpResponse.json(RESULT)));
    actor.send({ type: 'find.retry' });
    await waitFor(actor, (s) => s.matches({ open: 'found' }));
  });

  it('closes when the version or language changes', async () => {
    const { actor } = start();
    actor.send({ type: 'find.open' });
    actor.send({ type: 'find.input', value: 'prezident' });
    await waitFor(actor, (s) => s.matches({ open: 'found' }));
    actor.send({ type: 'find.scope', branch: 'snapshot-1993-01-01', lang: 'cs' });
    expect(selectFindOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.branch).toBe('snapshot-1993-01-01');
  });
});
