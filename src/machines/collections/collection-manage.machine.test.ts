// Managing a collection: load (not found, failure, retry), rename, delete, documents (add by id or
// law number, move, edit note and pin, remove, more pages), visibility before publishing,
// maintainers (invited or added at once), and readers kept out.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type {
  Collection,
  CollectionItem,
  CollectionMaintainer,
  CollectionSummary,
} from '../../api/contract/collections';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  canChooseVisibility,
  collectionManageMachine,
  selectCanSaveVisibility,
  selectChosenVisibility,
  type CollectionManageEmitted,
  exactLawNumberMatch,
  placeItem,
  selectManageStatus,
  selectSectionError,
  type ItemUpdate,
  type LoadedCollection,
  type MaintainerChange,
} from './collection-manage.machine';

const ID = '11111111-1111-4111-8111-111111111111';
const docId = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, overrides: Partial<CollectionItem> = {}): CollectionItem => ({
  document_id: docId(n),
  external_id: `${n}/1993 Sb.`,
  metadata: { title: `Document ${n}` },
  languages_count: 1,
  source_system: null,
  position: n,
  note: null,
  as_of: null,
  branch_id: null,
  branch_name: 'main',
  ...overrides,
});
const COLLECTION: CollectionSummary = {
  id: ID,
  name: 'Ústavní právo',
  slug: 'ustavni-pravo',
  description: null,
  owner_type: 'user',
  owner_handle: 'jana',
  visibility: 'private',
  vanity_handle: null,
  role: 'owner',
  document_count: 3,
  public_path: null,
};
const loaded = (overrides: Partial<CollectionSummary> = {}, nextCursor: string | null = null): LoadedCollection => ({
  collection: { ...COLLECTION, ...overrides },
  items: [item(1), item(2), item(3)],
  nextCursor,
  maintainers: [],
});
const full = (summary: CollectionSummary): Collection => ({ ...summary, documents: [] });
const wait = () => new Promise((resolve) => setTimeout(resolve, 10));

type Fakes = Partial<{
  load: () => Promise<LoadedCollection>;
  find: (reference: string) => Promise<string | null>;
  add: (input: { documentId: string; note: string; asOf: string }) => Promise<CollectionItem>;
  update: (update: ItemUpdate) => Promise<CollectionItem>;
  maintainers: (change: MaintainerChange) => Promise<{ items: CollectionMaintainer[] }>;
  more: (cursor: string) => Promise<{ items: CollectionItem[]; next_cursor: string | null }>;
  visibility: (visibility: 'private' | 'team') => Promise<Collection>;
}>;

function start(fakes: Fakes = {}) {
  const calls: string[] = [];
  const actor = createActor(
    collectionManageMachine.provide({
      actors: {
        loadCollection: fromPromise(async () => {
          calls.push('load');
          await wait();
          return (fakes.load ?? (async () => loaded()))();
        }),
        loadMoreItems: fromPromise(async ({ input }: { input: { id: string; cursor: string } }) => {
          calls.push(`more ${input.cursor}`);
          return fakes.more!(input.cursor);
        }),
        updateDetails: fromPromise(
          async ({ input }: { input: { id: string; details: { name: string; description: string } } }) => {
            calls.push(`rename ${input.details.name.trim()}`);
            await wait();
            if (input.details.name.trim() === 'Taken') throw new ApiError(409, 'slug_taken');
            return full({ ...COLLECTION, name: input.details.name.trim(), description: input.details.description });
          },
        ),
        deleteCollection: fromPromise(async () => {
          calls.push('delete');
          await wait();
          return null;
        }),
        findDocument: fromPromise(async ({ input }: { input: { reference: string } }) => {
          calls.push(`find ${input.reference}`);
          return (fakes.find ?? (async () => docId(9)))(input.reference);
        }),
        addItem: fromPromise(
          async ({ input }: { input: { id: string; documentId: string; note: string; asOf: string } }) => {
            calls.push(`add ${input.documentId}`);
            return (fakes.add ?? (async () => item(9, { position: 4 })))(input);
          },
        ),
        updateItem: fromPromise(async ({ input }: { input: { id: string; update: ItemUpdate } }) => {
          calls.push(`update ${input.update.documentId} ${JSON.stringify(input.update.body)}`);
          return fakes.update!(input.update);
        }),
        removeItem: fromPromise(async ({ input }: { input: { id: string; documentId: string } }) => {
          calls.push(`remove ${input.documentId}`);
          return item(2);
        }),
        changeMaintainers: fromPromise(async ({ input }: { input: { id: string; change: MaintainerChange } }) => {
          calls.push(`${input.change.kind} ${input.change.maintainerType} ${input.change.maintainerId}`);
          return fakes.maintainers!(input.change);
        }),
        updateVisibility: fromPromise(async ({ input }: { input: { id: string; visibility: 'private' | 'team' } }) => {
          calls.push(`visibility ${input.visibility}`);
          await wait();
          return fakes.visibility!(input.visibility);
        }),
      },
    }),
    { input: { id: ID } },
  );
  const emitted: CollectionManageEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted, context: () => actor.getSnapshot().context };
}

describe('collection manage machine', () => {
  fakeTimersInEachTest();

  it('loads the collection, or says it was not found, or fails with a retry', async () => {
    let answer: 'ok' | 'missing' | 'broken' = 'missing';
    const { actor, calls } = start({
      load: async () => {
        if (answer === 'missing') throw new ApiError(404, 'not_found');
        if (answer === 'broken') throw new ApiError(500, 'internal_error');
        return loaded();
      },
    });
    expect(selectManageStatus(actor.getSnapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(10);
    expect(selectManageStatus(actor.getSnapshot())).toBe('notFound');

    const second = start({
      load: async () => {
        if (answer === 'broken') throw new ApiError(500, 'internal_error');
        return loaded();
      },
    });
    answer = 'broken';
    await vi.advanceTimersByTimeAsync(10);
    expect(selectManageStatus(second.actor.getSnapshot())).toBe('failed');
    expect(second.context().error?.detail).toBe('internal_error');
    answer = 'ok';
    second.actor.send({ type: 'collection.retry' });
    await vi.advanceTimersByTimeAsync(10);
    expect(selectManageStatus(second.actor.getSnapshot())).toBe('ready');
    expect(second.context().details).toEqual({ name: 'Ústavní právo', description: '' });
    expect(calls).toEqual(['load']);
  });

  it('renames only when something changed, keeps a refusal with the details section', async () => {
    const { actor, calls, context } = start();
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'details.save' });
    expect(calls).toEqual(['load']);
    actor.send({ type: 'details.field', field: 'name', value: 'Taken' });
    actor.send({ type: 'details.save' });
    await vi.advanceTimersByTimeAsync(10);
    expect(selectSectionError('details')(actor.getSnapshot())?.detail).toBe('slug_taken');
    expect(selectSectionError('items')(actor.getSnapshot())).toBeUndefined();

    actor.send({ type: 'details.field', field: 'name', value: ' Ústava ' });
    actor.send({ type: 'details.field', field: 'description', value: 'Základ' });
    actor.send({ type: 'details.save' });
    await vi.advanceTimersByTimeAsync(10);
    expect(context().collection?.name).toBe('Ústava');
    expect(context().details).toEqual({ name: 'Ústava', description: 'Základ' });
    expect(context().error).toBeUndefined();
    expect(calls.slice(1)).toEqual(['rename Taken', 'rename Ústava']);
  });

  it('deletes and tells the page', async () => {
    const { actor } = start();
    const deleted: string[] = [];
    actor.on('collection.deleted', ({ collection }) => deleted.push(collection.id));
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'collection.delete' });
    await vi.advanceTimersByTimeAsync(10);
    expect(selectManageStatus(actor.getSnapshot())).toBe('deleted');
    expect(deleted).toEqual([ID]);
  });

  it('adds a document by law number with note and pin, or says none has that number', async () => {
    let found: string | null = null;
    const sent: unknown[] = [];
    const { actor, calls, context } = start({
      find: async () => found,
      add: async (input) => {
        sent.push(input);
        return item(9, { position: 4, note: 'Preamble', as_of: '2000-01-01' });
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'add.submit' });
    expect(calls).toEqual(['load']);

    actor.send({ type: 'add.field', field: 'reference', value: ' 1/1993 ' });
    actor.send({ type: 'add.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().noDocument).toBe('1/1993');
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'add.field', field: 'note', value: 'Preamble' });
    expect(context().noDocument).toBeUndefined();

    found = docId(9);
    actor.send({ type: 'add.field', field: 'asOf', value: '2000-01-01' });
    actor.send({ type: 'add.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ id: ID, documentId: docId(9), note: 'Preamble', asOf: '2000-01-01' }]);
    expect(context().items.map((i) => i.document_id)).toEqual([docId(1), docId(2), docId(3), docId(9)]);
    expect(context().collection?.document_count).toBe(4);
    expect(context().add).toEqual({ reference: '', note: '', asOf: '' });
  });

  it('keeps add refusals with the items section; an id that names no document is said as such', async () => {
    let failure = new ApiError(409, 'already_in_collection');
    const { actor, context } = start({
      add: async () => {
        throw failure;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'add.field', field: 'reference', value: docId(1) });
    actor.send({ type: 'add.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSectionError('items')(actor.getSnapshot())?.detail).toBe('already_in_collection');
    expect(context().add.reference).toBe(docId(1));

    failure = new ApiError(404, 'not_found');
    actor.send({ type: 'add.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().error).toBeUndefined();
    expect(context().noDocument).toBe(docId(1));
  });

  it('moves documents up and down (not past the ends), edits note and pin, removes one', async () => {
    const { actor, calls, context } = start({
      update: async ({ documentId, body }) => {
        const current = context().items.find((i) => i.document_id === documentId)!;
        if (body.as_of === '1900-01-01') throw new ApiError(400, 'no_version_on_date');
        return {
          ...current,
          position: body.position ?? current.position,
          ...(body.position === undefined ? { note: body.note ?? null, as_of: body.as_of ?? null } : {}),
        };
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'item.move', documentId: docId(1), direction: 'up' });
    actor.send({ type: 'item.move', documentId: docId(3), direction: 'down' });
    expect(calls).toEqual(['load']);

    actor.send({ type: 'item.move', documentId: docId(3), direction: 'up' });
    expect(context().pending).toEqual({ documentId: docId(3) });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().items.map((i) => [i.document_id, i.position])).toEqual([
      [docId(1), 1],
      [docId(3), 2],
      [docId(2), 3],
    ]);
    actor.send({ type: 'item.move', documentId: docId(1), direction: 'down' });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().items.map((i) => i.document_id)).toEqual([docId(3), docId(1), docId(2)]);
    expect(calls.slice(1)).toEqual([`update ${docId(3)} {"position":2}`, `update ${docId(1)} {"position":2}`]);

    actor.send({ type: 'item.edit', documentId: docId(2) });
    expect(context().edit).toEqual({ documentId: docId(2), note: '', asOf: '' });
    actor.send({ type: 'edit.field', field: 'asOf', value: '1900-01-01' });
    actor.send({ type: 'edit.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSectionError('items')(actor.getSnapshot())?.detail).toBe('no_version_on_date');
    expect(context().edit?.asOf).toBe('1900-01-01');
    actor.send({ type: 'edit.field', field: 'asOf', value: '2000-01-01' });
    actor.send({ type: 'edit.field', field: 'note', value: ' Čl. 1 ' });
    actor.send({ type: 'edit.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)).toBe(`update ${docId(2)} {"note":"Čl. 1","as_of":"2000-01-01"}`);
    expect(context().edit).toBeUndefined();
    expect(context().items[2]).toMatchObject({ note: 'Čl. 1', as_of: '2000-01-01', position: 3 });

    actor.send({ type: 'item.remove', documentId: docId(2) });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().items.map((i) => i.document_id)).toEqual([docId(3), docId(1)]);
    expect(context().collection?.document_count).toBe(2);
  });

  it('loads further pages of documents', async () => {
    const { actor, context } = start({
      load: async () => loaded({}, 'c1'),
      more: async () => ({ items: [item(4)], next_cursor: null }),
    });
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'items.more' });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().items).toHaveLength(4);
    expect(context().nextCursor).toBeNull();
  });

  it('adds maintainers by type and handle (not while empty), says an unknown one, removes one', async () => {
    let list: CollectionMaintainer[] = [];
    const { actor, calls, context, emitted } = start({
      maintainers: async (change) => {
        if (change.maintainerId === 'nikdo') throw new ApiError(404, 'not_found');
        if (change.maintainerId === 'myorg')
          return {
            items: [...list, { maintainer_type: 'org', maintainer_id: docId(8), handle: 'myorg', pending: false }],
          };
        if (change.maintainerId === 'jana') throw new ApiError(409, 'owner_is_not_maintainer');
        list =
          change.kind === 'add'
            ? [
                ...list,
                {
                  maintainer_type: change.maintainerType,
                  maintainer_id: docId(7),
                  handle: change.maintainerId,
                  pending: true,
                },
              ]
            : list.filter((m) => m.maintainer_id !== change.maintainerId);
        return { items: list };
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'maintainer.input', value: '  ' });
    expect(actor.getSnapshot().can({ type: 'maintainer.add' })).toBe(false);

    actor.send({ type: 'maintainer.input', value: 'nikdo' });
    actor.send({ type: 'maintainer.add' });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().noMaintainer).toBe('nikdo');
    expect(context().error).toBeUndefined();

    actor.send({ type: 'maintainer.input', value: 'jana' });
    actor.send({ type: 'maintainer.add' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSectionError('maintainers')(actor.getSnapshot())?.detail).toBe('owner_is_not_maintainer');

    actor.send({ type: 'maintainer.type', value: 'org' });
    actor.send({ type: 'maintainer.input', value: 'akcr' });
    actor.send({ type: 'maintainer.add' });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().maintainers).toEqual([
      { maintainer_type: 'org', maintainer_id: docId(7), handle: 'akcr', pending: true },
    ]);
    expect(context().maintainerId).toBe('');
    // The one new in the answer, invited: the screen says the invitation was sent.
    expect(emitted).toEqual([
      {
        type: 'maintainer.added',
        maintainer: { maintainer_type: 'org', maintainer_id: docId(7), handle: 'akcr', pending: true },
      },
    ]);

    actor.send({ type: 'maintainer.remove', maintainerType: 'org', maintainerId: docId(7) });
    await vi.advanceTimersByTimeAsync(0);
    expect(context().maintainers).toEqual([]);
    expect(emitted).toHaveLength(1);

    // An organization the owner runs is added at once.
    actor.send({ type: 'maintainer.input', value: 'myorg' });
    actor.send({ type: 'maintainer.add' });
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.at(-1)).toEqual({
      type: 'maintainer.added',
      maintainer: { maintainer_type: 'org', maintainer_id: docId(8), handle: 'myorg', pending: false },
    });
    expect(calls.slice(1)).toEqual([
      'add user nikdo',
      'add user jana',
      'add org akcr',
      `remove org ${docId(7)}`,
      'add org myorg',
    ]);
  });

  it('lets a reader change nothing, and a maintainer only the documents', async () => {
    const reader = start({ load: async () => loaded({ role: 'reader' }) });
    await vi.advanceTimersByTimeAsync(10);
    for (const event of [
      { type: 'item.move', documentId: docId(2), direction: 'up' },
      { type: 'item.remove', documentId: docId(2) },
      { type: 'item.edit', documentId: docId(2) },
      { type: 'collection.delete' },
    ] as const) {
      reader.actor.send(event);
    }
    reader.actor.send({ type: 'add.field', field: 'reference', value: '1/1993' });
    reader.actor.send({ type: 'add.submit' });
    reader.actor.send({ type: 'details.field', field: 'name', value: 'Jiný' });
    reader.actor.send({ type: 'details.save' });
    await vi.advanceTimersByTimeAsync(10);
    expect(reader.calls).toEqual(['load']);

    const maintainer = start({ load: async () => loaded({ role: 'maintainer' }) });
    await vi.advanceTimersByTimeAsync(10);
    maintainer.actor.send({ type: 'collection.delete' });
    maintainer.actor.send({ type: 'maintainer.input', value: 'petr' });
    maintainer.actor.send({ type: 'maintainer.add' });
    maintainer.actor.send({ type: 'item.remove', documentId: docId(2) });
    await vi.advanceTimersByTimeAsync(0);
    expect(maintainer.calls).toEqual(['load', `remove ${docId(2)}`]);
  });

  it('lets the owner of an organization’s collection choose Private or Team, and says a refusal', async () => {
    let refuse = true;
    const { actor, calls, context, emitted } = start({
      load: async () => loaded({ owner_type: 'org', owner_handle: 'akcr' }),
      visibility: async (visibility) => {
        if (refuse) throw new ApiError(403, 'forbidden');
        return full({ ...COLLECTION, owner_type: 'org', owner_handle: 'akcr', visibility, name: 'Server name' });
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    const snapshot = () => actor.getSnapshot();
    expect(selectChosenVisibility(snapshot())).toBe('private');
    // Choosing what it already is saves nothing.
    actor.send({ type: 'visibility.choose', value: 'private' });
    expect(selectCanSaveVisibility(snapshot())).toBe(false);

    actor.send({ type: 'visibility.choose', value: 'team' });
    expect(selectChosenVisibility(snapshot())).toBe('team');
    actor.send({ type: 'details.field', field: 'name', value: 'Typed' });
    actor.send({ type: 'visibility.save' });
    expect(snapshot().matches({ ready: 'savingVisibility' })).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(selectSectionError('access')(snapshot())?.detail).toBe('forbidden');
    expect(context().collection?.visibility).toBe('private');
    expect(selectChosenVisibility(snapshot())).toBe('team');

    refuse = false;
    actor.send({ type: 'visibility.save' });
    await vi.advanceTimersByTimeAsync(10);
    expect(selectSectionError('access')(snapshot())).toBeUndefined();
    expect(context().collection?.visibility).toBe('team');
    expect(context().details.name).toBe('Typed');
    expect(context().visibility).toBeUndefined();
    expect(selectChosenVisibility(snapshot())).toBe('team');
    expect(selectCanSaveVisibility(snapshot())).toBe(false);
    expect(emitted).toEqual([{ type: 'visibility.saved', visibility: 'team' }]);
    expect(calls).toEqual(['load', 'visibility team', 'visibility team']);
  });

  it('offers no visibility choice for a person’s collection, a public one, or to a maintainer', async () => {
    for (const overrides of [
      {},
      { owner_type: 'org', visibility: 'public' },
      { owner_type: 'org', role: 'maintainer' },
    ] as const) {
      const { actor, calls } = start({ load: async () => loaded(overrides) });
      await vi.advanceTimersByTimeAsync(10);
      expect(canChooseVisibility(actor.getSnapshot().context.collection)).toBe(false);
      actor.send({ type: 'visibility.choose', value: 'team' });
      actor.send({ type: 'visibility.save' });
      await vi.advanceTimersByTimeAsync(10);
      expect(actor.getSnapshot().context.visibility).toBeUndefined();
      expect(calls).toEqual(['load']);
    }
  });

  it('takes the published state from next door', async () => {
    const { actor, context } = start();
    await vi.advanceTimersByTimeAsync(10);
    actor.send({
      type: 'collection.changed',
      collection: { ...COLLECTION, visibility: 'public', public_path: '/u/jana/ustavni-pravo' },
    });
    expect(context().collection).toMatchObject({ visibility: 'public', public_path: '/u/jana/ustavni-pravo' });
  });
});

describe('law numbers and positions', () => {
  const docs = [{ external_id: '1/19930 Sb.' }, { external_id: '1/1993 Sb.' }, { external_id: '32014L0092' }];

  it('matches a law number exactly, with or without its collection', () => {
    expect(exactLawNumberMatch('1/1993 Sb.', docs)?.external_id).toBe('1/1993 Sb.');
    expect(exactLawNumberMatch('1/1993', docs)?.external_id).toBe('1/1993 Sb.');
    expect(exactLawNumberMatch(' 1 / 1993 sb ', docs)?.external_id).toBe('1/1993 Sb.');
    expect(exactLawNumberMatch('32014l0092', docs)?.external_id).toBe('32014L0092');
    expect(exactLawNumberMatch('1/199', docs)).toBeUndefined();
    expect(exactLawNumberMatch('32014L', docs)).toBeUndefined();
    // Only a whole number may leave out the collection, not part of the collection's letters.
    expect(exactLawNumberMatch('1/1993 S', docs)).toBeUndefined();
    expect(exactLawNumberMatch('', docs)).toBeUndefined();
  });

  it('puts a changed item back at its position and renumbers', () => {
    const items = [item(1), item(2), item(3)];
    expect(placeItem(items, item(3, { position: 1 })).map((i) => [i.document_id, i.position])).toEqual([
      [docId(3), 1],
      [docId(1), 2],
      [docId(2), 3],
    ]);
    expect(placeItem(items, item(1, { position: 99 })).map((i) => i.document_id)).toEqual([
      docId(2),
      docId(3),
      docId(1),
    ]);
  });
});
