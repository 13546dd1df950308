// Managing one collection (/collections/{id}): load it with its documents and maintainers; rename
// and describe it, delete it, choose who may read it before publishing (Private or Team, for an
// organization's collection); add documents (by id or law number, with a note and a pin date),
// move, edit and remove them; invite and remove maintainers. One change at a time; a failure is
// kept with the section it belongs to. Publishing is collection-publish.machine.ts.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { Document } from '../../api/contract';
import type { CollectionItem, CollectionMaintainer, CollectionSummary } from '../../api/contract/collections';
import { routes } from '../../api/contract/routes';
import { externalKeyOf } from '../../shared/search-keys';
import { isUuid } from '../../shared/uuid';
import { failedWith, failureOf } from '../failure';

export type MaintainerType = CollectionMaintainer['maintainer_type'];
export type ManageSection = 'details' | 'access' | 'items' | 'maintainers';
/** What an owner chooses before publishing; public is reached by publishing. */
export type ChosenVisibility = 'private' | 'team';

export interface LoadedCollection {
  collection: CollectionSummary;
  items: CollectionItem[];
  nextCursor: string | null;
  maintainers: CollectionMaintainer[];
}

export interface DetailsForm {
  name: string;
  description: string;
}
export interface ItemForm {
  /** A document id or a law number ('1/1993 Sb.'). */
  reference: string;
  note: string;
  /** YYYY-MM-DD or '' for the latest version. */
  asOf: string;
}
export interface ItemEdit {
  documentId: string;
  note: string;
  asOf: string;
}
export interface ItemUpdate {
  documentId: string;
  body: { position?: number; note?: string | null; as_of?: string | null };
}
export type MaintainerChange =
  | { kind: 'add'; maintainerType: MaintainerType; maintainerId: string }
  | { kind: 'remove'; maintainerType: MaintainerType; maintainerId: string };

export const EMPTY_ITEM_FORM: ItemForm = { reference: '', note: '', asOf: '' };

export interface CollectionManageContext {
  id: string;
  collection?: CollectionSummary;
  items: CollectionItem[];
  nextCursor: string | null;
  maintainers: CollectionMaintainer[];
  details: DetailsForm;
  /** The visibility chosen and not saved yet (undefined: the collection's own). */
  visibility?: ChosenVisibility;
  add: ItemForm;
  /** The item whose note and pin are being edited. */
  edit?: ItemEdit;
  maintainerType: MaintainerType;
  maintainerId: string;
  /** What is on its way, so the screen can mark the row it concerns. */
  pending?: { documentId?: string; maintainerId?: string };
  error?: ApiError;
  errorAt?: ManageSection;
  /** The typed reference named no document. */
  noDocument?: string;
  /** The typed maintainer named no user or organization. */
  noMaintainer?: string;
}

export type CollectionManageEvent =
  | { type: 'collection.retry' }
  | { type: 'collection.changed'; collection: CollectionSummary }
  | { type: 'details.field'; field: keyof DetailsForm; value: string }
  | { type: 'details.save' }
  | { type: 'visibility.choose'; value: ChosenVisibility }
  | { type: 'visibility.save' }
  | { type: 'collection.delete' }
  | { type: 'items.more' }
  | { type: 'add.field'; field: keyof ItemForm; value: string }
  | { type: 'add.submit' }
  | { type: 'item.move'; documentId: string; direction: 'up' | 'down' }
  | { type: 'item.remove'; documentId: string }
  | { type: 'item.edit'; documentId: string }
  | { type: 'edit.field'; field: 'note' | 'asOf'; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | { type: 'maintainer.type'; value: MaintainerType }
  | { type: 'maintainer.input'; value: string }
  | { type: 'maintainer.add' }
  | { type: 'maintainer.remove'; maintainerType: MaintainerType; maintainerId: string };

export type CollectionManageEmitted =
  | { type: 'collection.deleted'; collection: CollectionSummary }
  | { type: 'visibility.saved'; visibility: CollectionSummary['visibility'] }
  /** The maintainer as the server answered it: `pending` when invited rather than added at once. */
  | { type: 'maintainer.added'; maintainer?: CollectionMaintainer };

/**
 * The document a typed law number names exactly: the same number, or the same number with only the
 * collection's letters after it ('1/1993' names '1/1993 Sb.', never '1/19930 Sb.').
 */
export function exactLawNumberMatch<T extends Pick<Document, 'external_id'>>(typed: string, documents: readonly T[]) {
  const key = externalKeyOf(typed);
  if (key === '') return undefined;
  return (
    documents.find((document) => externalKeyOf(document.external_id) === key) ??
    documents.find((document) => {
      const other = externalKeyOf(document.external_id);
      return /\d$/u.test(key) && other.startsWith(key) && /^\p{L}+$/u.test(other.slice(key.length));
    })
  );
}

/** The loaded items after one changed: taken out and put back at its position (1-based, dense). */
export function placeItem(items: readonly CollectionItem[], item: CollectionItem): CollectionItem[] {
  const rest = items.filter((candidate) => candidate.document_id !== item.document_id);
  const at = Math.max(0, Math.min(item.position - 1, rest.length));
  return [...rest.slice(0, at), item, ...rest.slice(at)].map((entry, index) => ({ ...entry, position: index + 1 }));
}

const detailsOf = (collection: CollectionSummary): DetailsForm => ({
  name: collection.name,
  description: collection.description ?? '',
});

/** Owners and maintainers change the documents; readers only read. */
const canEditItems = (context: CollectionManageContext) =>
  context.collection?.role === 'owner' || context.collection?.role === 'maintainer';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Whether the owner may choose Private or Team here: an organization's collection that is not
 * public (a person's collection has no team; a public one is changed by unpublishing).
 */
export const canChooseVisibility = (collection: CollectionSummary | undefined) =>
  collection?.role === 'owner' && collection.owner_type === 'org' && collection.visibility !== 'public';

const sameMaintainer = (a: CollectionMaintainer, b: CollectionMaintainer) =>
  a.maintainer_type === b.maintainer_type && a.maintainer_id === b.maintainer_id;

export const collectionManageMachine = setup({
  types: {
    context: {} as CollectionManageContext,
    events: {} as CollectionManageEvent,
    emitted: {} as CollectionManageEmitted,
    input: {} as { id: string },
  },
  actors: {
    loadCollection: fromPromise(
      async ({ input, signal }: { input: { id: string }; signal: AbortSignal }): Promise<LoadedCollection> => {
        const params = { id: input.id };
        const [full, page, maintainers] = await Promise.all([
          call(routes.getCollection, { params, signal }),
          call(routes.listCollectionItems, { params, query: { limit: 200 }, signal }),
          call(routes.listCollectionMaintainers, { params, signal }),
        ]);
        const { documents: _first, ...collection } = full;
        return { collection, items: page.items, nextCursor: page.next_cursor, maintainers: maintainers.items };
      },
    ),
    loadMoreItems: fromPromise(({ input, signal }: { input: { id: string; cursor: string }; signal: AbortSignal }) =>
      call(routes.listCollectionItems, {
        params: { id: input.id },
        query: { limit: 200, cursor: input.cursor },
        signal,
      }),
    ),
    updateDetails: fromPromise(
      ({ input, signal }: { input: { id: string; details: DetailsForm }; signal: AbortSignal }) =>
        call(routes.updateCollection, {
          params: { id: input.id },
          body: { name: input.details.name.trim(), description: orNull(input.details.description) },
          signal,
        }),
    ),
    updateVisibility: fromPromise(
      ({ input, signal }: { input: { id: string; visibility: ChosenVisibility }; signal: AbortSignal }) =>
        call(routes.updateCollection, { params: { id: input.id }, body: { visibility: input.visibility }, signal }),
    ),
    deleteCollection: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
      call(routes.deleteCollection, { params: { id: input.id }, signal }),
    ),
    /** The document id a reference names: itself when an id, else the exact law number; null when none. */
    findDocument: fromPromise(
      async ({ input, signal }: { input: { reference: string }; signal: AbortSignal }): Promise<string | null> => {
        const reference = input.reference.trim();
        if (isUuid(reference)) return reference.toLowerCase();
        const found = await call(routes.listDocuments, { query: { external_id: reference, limit: 20 }, signal });
        return exactLawNumberMatch(reference, found.items)?.id ?? null;
      },
    ),
    addItem: fromPromise(
      ({
        input,
        signal,
      }: {
        input: { id: string; documentId: string; note: string; asOf: string };
        signal: AbortSignal;
      }) =>
        call(routes.addCollectionItem, {
          params: { id: input.id },
          body: { document_id: input.documentId, note: orNull(input.note), as_of: orNull(input.asOf) },
          signal,
        }),
    ),
    updateItem: fromPromise(({ input, signal }: { input: { id: string; update: ItemUpdate }; signal: AbortSignal }) =>
      call(routes.updateCollectionItem, {
        params: { id: input.id, docId: input.update.documentId },
        body: input.update.body,
        signal,
      }),
    ),
    removeItem: fromPromise(({ input, signal }: { input: { id: string; documentId: string }; signal: AbortSignal }) =>
      call(routes.removeCollectionItem, { params: { id: input.id, docId: input.documentId }, signal }),
    ),
    changeMaintainers: fromPromise(
      ({ input, signal }: { input: { id: string; change: MaintainerChange }; signal: AbortSignal }) => {
        const { id, change } = input;
        if (change.kind === 'add') {
          return call(routes.addCollectionMaintainer, {
            params: { id },
            body: { maintainer_type: change.maintainerType, maintainer_id: change.maintainerId },
            signal,
          });
        }
        return call(routes.removeCollectionMaintainer, {
          params: { id, maintainerId: change.maintainerId },
          query: { maintainer_type: change.maintainerType },
          signal,
        });
      },
    ),
  },
  actions: {
    setFailure: assign(({ event }, params: { section: ManageSection }) => ({
      error: failureOf({ event }),
      errorAt: params.section,
      pending: undefined,
    })),
  },
  guards: {
    notFound: failedWith('not_found'),
    hasMore: ({ context }) => context.nextCursor !== null,
    canManage: ({ context }) => context.collection?.role === 'owner',
    canEdit: ({ context }) => canEditItems(context),
    canSaveDetails: ({ context }) =>
      context.collection?.role === 'owner' &&
      context.details.name.trim() !== '' &&
      (context.details.name.trim() !== context.collection.name ||
        orNull(context.details.description) !== (context.collection.description ?? null)),
    canAdd: ({ context }) => canEditItems(context) && context.add.reference.trim() !== '',
    canMove: ({ context, event }) => {
      if (event.type !== 'item.move' || !canEditItems(context)) return false;
      const index = context.items.findIndex((item) => item.document_id === event.documentId);
      if (index < 0) return false;
      return event.direction === 'up' ? index > 0 : index < context.items.length - 1;
    },
    canAddMaintainer: ({ context }) => context.collection?.role === 'owner' && context.maintainerId.trim() !== '',
    canChooseVisibility: ({ context }) => canChooseVisibility(context.collection),
    canSaveVisibility: ({ context }) =>
      canChooseVisibility(context.collection) &&
      context.visibility !== undefined &&
      context.visibility !== context.collection?.visibility,
    removingMaintainer: ({ context }) => context.pending?.maintainerId !== undefined,
    foundDocument: ({ event }) => 'output' in event && typeof event.output === 'string',
  },
}).createMachine({
  id: 'collectionManage',
  context: ({ input }) => ({
    id: input.id,
    items: [],
    nextCursor: null,
    maintainers: [],
    details: { name: '', description: '' },
    add: EMPTY_ITEM_FORM,
    maintainerType: 'user',
    maintainerId: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined, errorAt: undefined }),
      invoke: {
        src: 'loadCollection',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            ...event.output,
            details: detailsOf(event.output.collection),
          })),
        },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'failed', actions: assign({ error: failureOf }) },
        ],
      },
    },
    notFound: {},
    failed: { on: { 'collection.retry': 'loading' } },
    deleted: { type: 'final' },
    ready: {
      initial: 'idle',
      // The forms take typing whatever is on its way.
      on: {
        'details.field': {
          actions: assign({ details: ({ context, event }) => ({ ...context.details, [event.field]: event.value }) }),
        },
        'add.field': {
          actions: assign({
            add: ({ context, event }) => ({ ...context.add, [event.field]: event.value }),
            noDocument: undefined,
          }),
        },
        'edit.field': {
          actions: assign({
            edit: ({ context, event }) => (context.edit ? { ...context.edit, [event.field]: event.value } : undefined),
          }),
        },
        'edit.cancel': { actions: assign({ edit: undefined }) },
        'visibility.choose': {
          guard: 'canChooseVisibility',
          actions: assign({ visibility: ({ event }) => event.value }),
        },
        'maintainer.type': { actions: assign({ maintainerType: ({ event }) => event.value, noMaintainer: undefined }) },
        'maintainer.input': { actions: assign({ maintainerId: ({ event }) => event.value, noMaintainer: undefined }) },
        /** Published or unpublished next door: the summary follows. */
        'collection.changed': {
          actions: assign({
            collection: ({ context, event }) => ({ ...context.collection, ...event.collection }),
            visibility: undefined,
          }),
        },
      },
      states: {
        idle: {
          on: {
            'details.save': { guard: 'canSaveDetails', target: 'savingDetails' },
            'visibility.save': { guard: 'canSaveVisibility', target: 'savingVisibility' },
            'collection.delete': { guard: 'canManage', target: 'deleting' },
            'items.more': { guard: 'hasMore', target: 'loadingMore' },
            'add.submit': { guard: 'canAdd', target: 'adding' },
            'item.move': {
              guard: 'canMove',
              target: 'updatingItem',
              actions: assign({
                pending: ({ event }) => ({ documentId: event.documentId }),
              }),
            },
            'item.edit': {
              guard: 'canEdit',
              actions: assign({
                edit: ({ context, event }) => {
                  const item = context.items.find((candidate) => candidate.document_id === event.documentId);
                  return item
                    ? { documentId: item.document_id, note: item.note ?? '', asOf: item.as_of ?? '' }
                    : undefined;
                },
              }),
            },
            'edit.save': {
              guard: ({ context }) => context.edit !== undefined,
              target: 'updatingItem',
              actions: assign({ pending: ({ context }) => ({ documentId: context.edit?.documentId }) }),
            },
            'item.remove': {
              guard: 'canEdit',
              target: 'removingItem',
              actions: assign({ pending: ({ event }) => ({ documentId: event.documentId }) }),
            },
            'maintainer.add': { guard: 'canAddMaintainer', target: 'changingMaintainers' },
            'maintainer.remove': {
              target: 'changingMaintainers',
              actions: assign({ pending: ({ event }) => ({ maintainerId: event.maintainerId }) }),
            },
          },
        },
        savingDetails: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'updateDetails',
            input: ({ context }) => ({ id: context.id, details: context.details }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => {
                const { documents: _first, ...collection } = event.output;
                return { collection, details: detailsOf(collection) };
              }),
            },
            onError: { target: 'idle', actions: { type: 'setFailure', params: { section: 'details' } } },
          },
        },
        savingVisibility: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'updateVisibility',
            input: ({ context }) => ({ id: context.id, visibility: context.visibility ?? 'private' }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const { documents: _first, ...collection } = event.output;
                  // The name and description being typed stay as they are.
                  return { collection: { ...context.collection, ...collection }, visibility: undefined };
                }),
                emit(({ event }) => ({ type: 'visibility.saved' as const, visibility: event.output.visibility })),
              ],
            },
            onError: { target: 'idle', actions: { type: 'setFailure', params: { section: 'access' } } },
          },
        },
        deleting: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'deleteCollection',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: '#collectionManage.deleted',
              // 204: the collection as it was shown names the toast.
              actions: emit(({ context }) => ({
                type: 'collection.deleted' as const,
                collection: context.collection!,
              })),
            },
            onError: { target: 'idle', actions: { type: 'setFailure', params: { section: 'details' } } },
          },
        },
        loadingMore: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'loadMoreItems',
            input: ({ context }) => ({ id: context.id, cursor: context.nextCursor ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({
                items: ({ context, event }) => [...context.items, ...event.output.items],
                nextCursor: ({ event }) => event.output.next_cursor,
              }),
            },
            onError: { target: 'idle', actions: { type: 'setFailure', params: { section: 'items' } } },
          },
        },
        adding: {
          entry: assign({ error: undefined, noDocument: undefined }),
          initial: 'finding',
          states: {
            finding: {
              invoke: {
                src: 'findDocument',
                input: ({ context }) => ({ reference: context.add.reference }),
                onDone: [
                  {
                    guard: 'foundDocument',
                    target: 'saving',
                    actions: assign({ pending: ({ event }) => ({ documentId: event.output ?? undefined }) }),
                  },
                  {
                    target: '#collectionManage.ready.idle',
                    actions: assign({ noDocument: ({ context }) => context.add.reference.trim() }),
                  },
                ],
                onError: {
                  target: '#collectionManage.ready.idle',
                  actions: { type: 'setFailure', params: { section: 'items' } },
                },
              },
            },
            saving: {
              invoke: {
                src: 'addItem',
                input: ({ context }) => ({
                  id: context.id,
                  documentId: context.pending?.documentId ?? '',
                  note: context.add.note,
                  asOf: context.add.asOf,
                }),
                onDone: {
                  target: '#collectionManage.ready.idle',
                  actions: assign(({ context, event }) => ({
                    items: context.nextCursor === null ? [...context.items, event.output] : context.items,
                    collection: context.collection && {
                      ...context.collection,
                      document_count: context.collection.document_count + 1,
                    },
                    add: EMPTY_ITEM_FORM,
                    pending: undefined,
                  })),
                },
                onError: [
                  // An id that names no document.
                  {
                    guard: 'notFound',
                    target: '#collectionManage.ready.idle',
                    actions: assign({ noDocument: ({ context }) => context.add.reference.trim(), pending: undefined }),
                  },
                  {
                    target: '#collectionManage.ready.idle',
                    actions: { type: 'setFailure', params: { section: 'items' } },
                  },
                ],
              },
            },
          },
        },
        updatingItem: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'updateItem',
            input: ({ context, event }): { id: string; update: ItemUpdate } => {
              if (event.type === 'item.move') {
                const index = context.items.findIndex((item) => item.document_id === event.documentId);
                const neighbour = context.items[event.direction === 'up' ? index - 1 : index + 1];
                return {
                  id: context.id,
                  update: { documentId: event.documentId, body: { position: neighbour?.position ?? index + 1 } },
                };
              }
              const edit = context.edit!;
              return {
                id: context.id,
                update: { documentId: edit.documentId, body: { note: orNull(edit.note), as_of: orNull(edit.asOf) } },
              };
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                items: placeItem(context.items, event.output),
                edit: context.edit?.documentId === event.output.document_id ? undefined : context.edit,
                pending: undefined,
              })),
            },
            onError: { target: 'idle', actions: { type: 'setFailure', params: { section: 'items' } } },
          },
        },
        removingItem: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'removeItem',
            input: ({ context }) => ({ id: context.id, documentId: context.pending?.documentId ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                items: context.items
                  .filter((item) => item.document_id !== event.output.document_id)
                  .map((item, index) => ({ ...item, position: index + 1 })),
                collection: context.collection && {
                  ...context.collection,
                  document_count: Math.max(0, context.collection.document_count - 1),
                },
                edit: context.edit?.documentId === event.output.document_id ? undefined : context.edit,
                pending: undefined,
              })),
            },
            onError: { target: 'idle', actions: { type: 'setFailure', params: { section: 'items' } } },
          },
        },
        changingMaintainers: {
          entry: assign({ error: undefined, noMaintainer: undefined }),
          invoke: {
            src: 'changeMaintainers',
            input: ({ context, event }): { id: string; change: MaintainerChange } => ({
              id: context.id,
              change:
                event.type === 'maintainer.remove'
                  ? { kind: 'remove', maintainerType: event.maintainerType, maintainerId: event.maintainerId }
                  : { kind: 'add', maintainerType: context.maintainerType, maintainerId: context.maintainerId.trim() },
            }),
            onDone: [
              {
                // Removing leaves what was typed.
                guard: 'removingMaintainer',
                target: 'idle',
                actions: assign({ maintainers: ({ event }) => event.output.items, pending: undefined }),
              },
              {
                target: 'idle',
                actions: [
                  emit(({ context, event }) => ({
                    type: 'maintainer.added' as const,
                    maintainer: event.output.items.find(
                      (added) => !context.maintainers.some((known) => sameMaintainer(known, added)),
                    ),
                  })),
                  assign({ maintainers: ({ event }) => event.output.items, maintainerId: '', pending: undefined }),
                ],
              },
            ],
            onError: [
              {
                // An added name no user or organization has; a removed one that is gone is just gone.
                guard: ({ context, event }) => !context.pending && failedWith('not_found')({ event }),
                target: 'idle',
                actions: assign({ noMaintainer: ({ context }) => context.maintainerId.trim() }),
              },
              { target: 'idle', actions: { type: 'setFailure', params: { section: 'maintainers' } } },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof collectionManageMachine>;
export const selectManageStatus = (s: Snapshot) =>
  s.matches('loading')
    ? 'loading'
    : s.matches('notFound')
      ? 'notFound'
      : s.matches('failed')
        ? 'failed'
        : s.matches('deleted')
          ? 'deleted'
          : 'ready';
export const selectCollection = (s: Snapshot) => s.context.collection;
export const selectRole = (s: Snapshot) => s.context.collection?.role;
export const selectItems = (s: Snapshot) => s.context.items;
export const selectHasMoreItems = (s: Snapshot) => s.context.nextCursor !== null;
export const selectMaintainers = (s: Snapshot) => s.context.maintainers;
export const selectDetails = (s: Snapshot) => s.context.details;
export const selectItemForm = (s: Snapshot) => s.context.add;
export const selectEdit = (s: Snapshot) => s.context.edit;
export const selectMaintainerType = (s: Snapshot) => s.context.maintainerType;
export const selectMaintainerId = (s: Snapshot) => s.context.maintainerId;
export const selectPending = (s: Snapshot) => s.context.pending;
export const selectLoadError = (s: Snapshot) => (s.matches('failed') ? s.context.error : undefined);
/** The failure of the last change in a section. */
export const selectSectionError = (section: ManageSection) => (s: Snapshot) =>
  s.matches('ready') && s.context.errorAt === section ? s.context.error : undefined;
export const selectNoDocument = (s: Snapshot) => s.context.noDocument;
export const selectNoMaintainer = (s: Snapshot) => s.context.noMaintainer;
/** Something is on its way: the controls wait. */
export const selectBusy = (s: Snapshot) => s.matches('ready') && !s.matches({ ready: 'idle' });
export const selectSavingDetails = (s: Snapshot) => s.matches({ ready: 'savingDetails' });
export const selectSavingVisibility = (s: Snapshot) => s.matches({ ready: 'savingVisibility' });
export const selectCanSaveVisibility = (s: Snapshot) => s.can({ type: 'visibility.save' });
/** The visibility shown in the control: the one chosen, else the collection's own. */
export const selectChosenVisibility = (s: Snapshot): ChosenVisibility =>
  s.context.visibility ?? (s.context.collection?.visibility === 'team' ? 'team' : 'private');
export const selectDeleting = (s: Snapshot) => s.matches({ ready: 'deleting' });
export const selectAdding = (s: Snapshot) => s.matches({ ready: 'adding' });
export const selectLoadingMoreItems = (s: Snapshot) => s.matches({ ready: 'loadingMore' });
export const selectChangingMaintainers = (s: Snapshot) => s.matches({ ready: 'changingMaintainers' });
export const selectCanSaveDetails = (s: Snapshot) => s.can({ type: 'details.save' });
export const selectCanAddItem = (s: Snapshot) => s.can({ type: 'add.submit' });
export const selectCanAddMaintainer = (s: Snapshot) => s.can({ type: 'maintainer.add' });
