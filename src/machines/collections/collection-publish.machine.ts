// Publishing one collection (its owner, on /collections/{id}): slug, owner handle (prefilled with
// the owner's), an optional short handle and whether anyone may read it; 'Provide slug and owner
// handle before publishing' when either is empty; publish and unpublish. The screen hands the
// answered collection ('collection.published') on to the management machine as 'collection.changed'.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { Collection, CollectionSummary } from '../../api/contract/collections';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export interface PublishForm {
  slug: string;
  ownerHandle: string;
  vanityHandle: string;
  isPublic: boolean;
}
export type PublishField = 'slug' | 'ownerHandle' | 'vanityHandle';

export interface CollectionPublishContext {
  collection: CollectionSummary;
  form: PublishForm;
  error?: ApiError;
}

export type CollectionPublishEvent =
  | { type: 'publish.field'; field: PublishField; value: string }
  | { type: 'publish.public'; value: boolean }
  | { type: 'publish.submit' }
  | { type: 'publish.unpublish' };

export type CollectionPublishEmitted = { type: 'collection.published'; collection: CollectionSummary };

/** The form as a collection stands: its address and short handle; Public on, since the button says Publish. */
export const publishFormOf = (collection: CollectionSummary): PublishForm => ({
  slug: collection.slug,
  ownerHandle: collection.owner_handle,
  vanityHandle: collection.vanity_handle ?? '',
  isPublic: true,
});

/** The publish request of the form. */
export function publishRequestOf(form: PublishForm) {
  return {
    slug: form.slug.trim().toLowerCase(),
    owner_handle: form.ownerHandle.trim().toLowerCase(),
    vanity_handle: form.vanityHandle.trim().toLowerCase() || null,
    is_public: form.isPublic,
  };
}

const summaryOf = (collection: Collection): CollectionSummary => {
  const { documents: _documents, ...summary } = collection;
  return summary;
};

export const collectionPublishMachine = setup({
  types: {
    context: {} as CollectionPublishContext,
    events: {} as CollectionPublishEvent,
    emitted: {} as CollectionPublishEmitted,
    input: {} as { collection: CollectionSummary },
  },
  actors: {
    publish: fromPromise(({ input, signal }: { input: { id: string; form: PublishForm }; signal: AbortSignal }) =>
      call(routes.publishCollection, { params: { id: input.id }, body: publishRequestOf(input.form), signal }),
    ),
    unpublish: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
      call(routes.unpublishCollection, { params: { id: input.id }, signal }),
    ),
  },
  actions: {
    editField: assign(({ context }, params: { field: PublishField; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
    })),
    setFailure: assign({ error: failureOf }),
    took: assign(({ context }, params: { collection: Collection }) => ({
      collection: summaryOf(params.collection),
      form: { ...context.form, vanityHandle: params.collection.vanity_handle ?? '' },
    })),
    tell: emit((_, params: { collection: Collection }) => ({
      type: 'collection.published' as const,
      collection: summaryOf(params.collection),
    })),
  },
  guards: {
    complete: ({ context }) => context.form.slug.trim() !== '' && context.form.ownerHandle.trim() !== '',
    /** Public, or holding a short handle: something to take back. */
    published: ({ context }) => context.collection.visibility === 'public' || context.collection.vanity_handle !== null,
  },
}).createMachine({
  id: 'collectionPublish',
  context: ({ input }) => ({ collection: input.collection, form: publishFormOf(input.collection) }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'publish.field': {
          target: '.idle',
          actions: { type: 'editField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'publish.public': {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, isPublic: event.value }) }),
        },
        'publish.submit': [
          { guard: 'complete', target: 'publishing' },
          { target: '.incomplete', actions: assign({ error: undefined }) },
        ],
        'publish.unpublish': { guard: 'published', target: 'unpublishing' },
      },
      states: {
        idle: {},
        /** 'Provide slug and owner handle before publishing' until one of them is typed. */
        incomplete: {},
        // As idle, with the success said.
        published: {},
        unpublished: {},
      },
    },
    publishing: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ id: context.collection.id, form: context.form }),
        onDone: {
          target: 'ready.published',
          actions: [
            { type: 'took', params: ({ event }) => ({ collection: event.output }) },
            { type: 'tell', params: ({ event }) => ({ collection: event.output }) },
          ],
        },
        onError: { target: 'ready', actions: 'setFailure' },
      },
    },
    unpublishing: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'unpublish',
        input: ({ context }) => ({ id: context.collection.id }),
        onDone: {
          target: 'ready.unpublished',
          actions: [
            { type: 'took', params: ({ event }) => ({ collection: event.output }) },
            { type: 'tell', params: ({ event }) => ({ collection: event.output }) },
          ],
        },
        onError: { target: 'ready', actions: 'setFailure' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof collectionPublishMachine>;
export const selectPublishForm = (s: Snapshot) => s.context.form;
export const selectPublished = (s: Snapshot) => s.context.collection;
export const selectIncomplete = (s: Snapshot) => s.matches({ ready: 'incomplete' });
export const selectPublishing = (s: Snapshot) => s.matches('publishing');
export const selectUnpublishing = (s: Snapshot) => s.matches('unpublishing');
export const selectCanUnpublish = (s: Snapshot) => s.can({ type: 'publish.unpublish' });
export const selectPublishError = (s: Snapshot) => s.context.error;
export const selectPublishDone = (s: Snapshot) =>
  s.matches({ ready: 'published' }) ? 'published' : s.matches({ ready: 'unpublished' }) ? 'unpublished' : undefined;
