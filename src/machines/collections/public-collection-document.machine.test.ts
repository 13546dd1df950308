// @vitest-environment jsdom
// A document inside a collection on fake timers: the collection and the item by the address's
// kind (owner, short handle, id with paging through the items), its pin, and 404/400/other.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError } from '../../api/client';
import type { PublicCollectionDocument } from '../../api/contract/collections';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  collectionDocumentMachine,
  loadCollectionDocument,
  pinnedBranchOf,
  selectDocumentError,
  selectDocumentStatus,
  selectView,
  type CollectionDocumentInput,
} from './public-collection-document.machine';
import {
  COLLECTION_ID,
  USTAVA_ID,
  documentViewOf,
  itemOf,
  numberedItem,
  summaryOf,
} from './public-collection.fixtures';

const INPUT: CollectionDocumentInput = {
  address: { kind: 'owner', ownerType: 'org', handle: 'akv', slug: 'smlouvy' },
  documentId: USTAVA_ID,
};

function start(load: () => Promise<PublicCollectionDocument>) {
  const calls: CollectionDocumentInput[] = [];
  const actor = createActor(
    collectionDocumentMachine.provide({
      actors: {
        loadDocument: fromPromise(async ({ input }: { input: CollectionDocumentInput }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return load();
        }),
      },
    }),
    { input: INPUT },
  ).start();
  return { actor, calls, snapshot: () => actor.getSnapshot() };
}

describe('collection document machine', () => {
  fakeTimersInEachTest();

  it('loads the collection and the item of its address', async () => {
    const { snapshot, calls } = start(async () => documentViewOf());
    expect(selectDocumentStatus(snapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(20);
    expect(selectDocumentStatus(snapshot())).toBe('loaded');
    expect(selectView(snapshot())?.item.document_id).toBe(USTAVA_ID);
    expect(calls).toEqual([INPUT]);
  });

  it.each([
    ['notFound', new ApiError(404, 'not_found')],
    ['invalid', new ApiError(400, 'validation_failed')],
    ['failed', new ApiError(502, 'http_error')],
  ] as const)('ends %s on %s', async (status, failure) => {
    const { snapshot } = start(async () => {
      throw failure;
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectDocumentStatus(snapshot())).toBe(status);
    expect(selectView(snapshot())).toBeUndefined();
  });

  it('loads again on retry after a failure', async () => {
    let fail = true;
    const { actor, snapshot } = start(async () => {
      if (fail) throw new ApiError(502, 'http_error');
      return documentViewOf();
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectDocumentError(snapshot())?.status).toBe(502);
    fail = false;
    actor.send({ type: 'page.retry' });
    await vi.advanceTimersByTimeAsync(20);
    expect(selectDocumentStatus(snapshot())).toBe('loaded');
  });
});

describe('pinnedBranchOf', () => {
  it('opens a pinned item at its branch and an unpinned one at main', () => {
    expect(pinnedBranchOf(itemOf(USTAVA_ID, 'Ústava', { as_of: '2000-01-01', branch_id: 'b-1993' }))).toBe('b-1993');
    expect(pinnedBranchOf(itemOf(USTAVA_ID, 'Ústava', { branch_id: 'b-main' }))).toBeUndefined();
    expect(pinnedBranchOf(itemOf(USTAVA_ID, 'Ústava', { as_of: '1900-01-01', branch_id: null }))).toBeUndefined();
  });
});

describe('loadCollectionDocument', () => {
  const seen: string[] = [];
  const server = setupServer(
    http.get('*/v1/public/collections/:ownerType/:handle/:slug/documents/:documentId', ({ request }) => {
      seen.push(new URL(request.url).pathname);
      return HttpResponse.json(documentViewOf());
    }),
    http.get('*/v1/public/collection-handles/:vanity/documents/:documentId', ({ request }) => {
      seen.push(new URL(request.url).pathname);
      return HttpResponse.json(documentViewOf());
    }),
    http.get('*/v1/legal/collections/:id', () =>
      HttpResponse.json({ ...summaryOf({ document_count: 3, public_path: null }), documents: [numberedItem(1)] }),
    ),
    http.get('*/v1/legal/collections/:id/documents/:docId', ({ params }) => {
      seen.push(`item ${String(params.docId)}`);
      return params.docId === USTAVA_ID
        ? HttpResponse.json(itemOf(USTAVA_ID, 'Ústava', { position: 3 }))
        : HttpResponse.json({ detail: 'not_found', message: 'Document in this collection not found' }, { status: 404 });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());

  it('asks the public calls by owner and by short handle', async () => {
    await loadCollectionDocument(INPUT);
    await loadCollectionDocument({ address: { kind: 'handle', vanity: 'ustava' }, documentId: USTAVA_ID });
    expect(seen).toEqual([
      `/v1/public/collections/org/akv/smlouvy/documents/${USTAVA_ID}`,
      `/v1/public/collection-handles/ustava/documents/${USTAVA_ID}`,
    ]);
  });

  it('asks a collection found by id for its one item', async () => {
    const view = await loadCollectionDocument({ address: { kind: 'id', id: COLLECTION_ID }, documentId: USTAVA_ID });
    expect(seen).toEqual([`item ${USTAVA_ID}`]);
    expect(view.item.position).toBe(3);
    expect(view.owner).toEqual({ type: 'user', handle: 'jana', name: 'jana' });
    expect(view.canonical_path).toBe(`/collections/${COLLECTION_ID}`);
  });

  it('answers 404 when the collection found by id does not hold the document', async () => {
    const other = '11111111-1111-4111-8111-111111111111';
    await expect(
      loadCollectionDocument({ address: { kind: 'id', id: COLLECTION_ID }, documentId: other }),
    ).rejects.toMatchObject({ status: 404, detail: 'not_found' });
  });
});
