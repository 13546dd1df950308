// The collections list (/collections): the scope (mine, an organization's, all), the name filter,
// 'Load more' pages, refresh, the 401 fallbacks (Mine or Team → All; All → empty, no error), the
// caller's organizations for the Team field, and the 'New collection' form.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import { call, type ApiError } from '../../api/client';
import type { OrgSummary } from '../../api/contract';
import type { Collection, CollectionSummary } from '../../api/contract/collections';
import { routes } from '../../api/contract/routes';
import { isUuid } from '../../shared/uuid';
import { failedWithStatus, failureOf } from '../failure';

export type CollectionScope = 'mine' | 'team' | 'all';
export const COLLECTION_SCOPES: readonly CollectionScope[] = ['mine', 'team', 'all'];
export type MyOrg = z.infer<typeof OrgSummary>;

/** The owner of a new collection: the caller ('user') or one of their organizations (its id). */
export interface NewCollectionForm {
  name: string;
  description: string;
  owner: string;
}
export type NewCollectionField = keyof NewCollectionForm;
export const EMPTY_NEW_COLLECTION: NewCollectionForm = { name: '', description: '', owner: 'user' };

export interface PageQuery {
  scope: CollectionScope;
  organizationId?: string;
  q: string;
  cursor?: string;
}
export interface CollectionPage {
  items: CollectionSummary[];
  next_cursor: string | null;
}

export interface CollectionsListContext {
  signedIn: boolean;
  scope: CollectionScope;
  /** The Team field as chosen or typed: an organization id, or the slug of one of the caller's. */
  org: string;
  q: string;
  items: CollectionSummary[];
  nextCursor: string | null;
  error?: ApiError;
  orgs: MyOrg[];
  form: NewCollectionForm;
  createError?: ApiError;
}

export type CollectionsListEvent =
  | { type: 'scope.select'; scope: CollectionScope }
  | { type: 'org.change'; value: string }
  | { type: 'filter.change'; value: string }
  | { type: 'list.refresh' }
  | { type: 'list.more' }
  | { type: 'create.open' }
  | { type: 'create.close' }
  | { type: 'create.field'; field: NewCollectionField; value: string }
  | { type: 'create.submit' };

export type CollectionsListEmitted = { type: 'collection.created'; collection: Collection };

/** The organization id the Team field names: a typed id, or one of the caller's by slug. */
export function organizationIdOf(org: string, orgs: readonly MyOrg[]): string | undefined {
  const value = org.trim();
  if (isUuid(value)) return value.toLowerCase();
  return orgs.find((candidate) => candidate.slug === value.toLowerCase())?.id;
}

/** The organizations a caller may create collections for: where they are owner or admin. */
export const ownableOrgs = (orgs: readonly MyOrg[]) =>
  orgs.filter((org) => org.role === 'owner' || org.role === 'admin');

/** The create request of the form. */
export function createRequestOf(form: NewCollectionForm) {
  const description = form.description.trim();
  const base = { name: form.name.trim(), ...(description ? { description } : {}) };
  return form.owner === 'user'
    ? { ...base, owner_type: 'user' as const }
    : { ...base, owner_type: 'org' as const, organization_id: form.owner };
}

const pageQuery = (context: CollectionsListContext, cursor?: string): PageQuery => ({
  scope: context.scope,
  organizationId: context.scope === 'team' ? organizationIdOf(context.org, context.orgs) : undefined,
  q: context.q.trim(),
  cursor,
});

export const collectionsListMachine = setup({
  types: {
    context: {} as CollectionsListContext,
    events: {} as CollectionsListEvent,
    emitted: {} as CollectionsListEmitted,
    input: {} as { signedIn: boolean; scope?: CollectionScope },
  },
  actors: {
    loadPage: fromPromise(({ input, signal }: { input: PageQuery; signal: AbortSignal }) =>
      call(routes.listCollections, {
        query: {
          scope: input.scope,
          organization_id: input.organizationId,
          q: input.q || undefined,
          cursor: input.cursor,
        },
        signal,
      }),
    ),
    loadOrgs: fromPromise(
      async ({ signal }: { signal: AbortSignal }) => (await call(routes.listMyOrgs, { signal })).items,
    ),
    createCollection: fromPromise(({ input, signal }: { input: { form: NewCollectionForm }; signal: AbortSignal }) =>
      call(routes.createCollection, { body: createRequestOf(input.form), signal }),
    ),
  },
  delays: {
    /** Typing in the name filter waits this long before asking. */
    filterDelay: 300,
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    teamWithoutOrg: ({ context }) =>
      context.scope === 'team' && organizationIdOf(context.org, context.orgs) === undefined,
    hasMore: ({ context }) => context.nextCursor !== null,
    /** Mine and Team need a login: a 401 there falls back to All. */
    signedOutOfScope: (args) => args.context.scope !== 'all' && failedWithStatus(401)(args),
    unauthorized: failedWithStatus(401),
    canCreate: ({ context }) => context.form.name.trim() !== '',
  },
}).createMachine({
  id: 'collectionsList',
  type: 'parallel',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    scope: input.signedIn ? (input.scope ?? 'mine') : 'all',
    org: '',
    q: '',
    items: [],
    nextCursor: null,
    orgs: [],
    form: EMPTY_NEW_COLLECTION,
  }),
  states: {
    // Events live on each region (not the root) so a transition in one never restarts the others.
    list: {
      initial: 'starting',
      on: {
        'scope.select': { target: '.starting', actions: assign({ scope: ({ event }) => event.scope }) },
        'org.change': { target: '.starting', actions: assign({ org: ({ event }) => event.value }) },
        'filter.change': { target: '.debouncing', actions: assign({ q: ({ event }) => event.value }) },
        'list.refresh': { target: '.starting' },
      },
      states: {
        starting: {
          always: [
            { guard: 'teamWithoutOrg', target: 'needsOrg', actions: assign({ items: [], nextCursor: null }) },
            { target: 'loading' },
          ],
        },
        needsOrg: {},
        debouncing: { after: { filterDelay: 'starting' } },
        loading: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageQuery(context),
            onDone: {
              target: 'loaded',
              actions: assign({
                items: ({ event }) => event.output.items,
                nextCursor: ({ event }) => event.output.next_cursor,
              }),
            },
            onError: [
              { guard: 'signedOutOfScope', target: 'starting', actions: assign({ scope: 'all' }) },
              // A signed-out reader of a library without public collections: an empty list, no error.
              { guard: 'unauthorized', target: 'loaded', actions: assign({ items: [], nextCursor: null }) },
              { target: 'failed', actions: assign({ items: [], nextCursor: null, error: failureOf }) },
            ],
          },
        },
        loaded: { on: { 'list.more': { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageQuery(context, context.nextCursor ?? undefined),
            onDone: {
              target: 'loaded',
              actions: assign({
                items: ({ context, event }) => [...context.items, ...event.output.items],
                nextCursor: ({ event }) => event.output.next_cursor,
              }),
            },
            // The rows already shown stay; 'Load more' tries again.
            onError: { target: 'loaded', actions: assign({ error: failureOf }) },
          },
        },
        failed: {},
      },
    },
    orgs: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'signedIn', target: 'loading' }, { target: 'none' }] },
        loading: {
          invoke: {
            src: 'loadOrgs',
            onDone: { target: 'ready', actions: assign({ orgs: ({ event }) => event.output }) },
            // Without the list a typed id still works.
            onError: { target: 'none' },
          },
        },
        ready: {},
        none: {},
      },
    },
    create: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'create.open': {
              guard: 'signedIn',
              target: 'editing',
              actions: assign({ form: EMPTY_NEW_COLLECTION, createError: undefined }),
            },
          },
        },
        editing: {
          on: {
            'create.field': {
              actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }),
            },
            'create.close': { target: 'closed' },
            'create.submit': { guard: 'canCreate', target: 'creating' },
          },
        },
        creating: {
          entry: assign({ createError: undefined }),
          invoke: {
            src: 'createCollection',
            input: ({ context }) => ({ form: context.form }),
            onDone: {
              target: 'closed',
              actions: [
                assign({ form: EMPTY_NEW_COLLECTION }),
                emit(({ event }) => ({ type: 'collection.created' as const, collection: event.output })),
              ],
            },
            onError: { target: 'editing', actions: assign({ createError: failureOf }) },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof collectionsListMachine>;
export const selectScope = (s: Snapshot) => s.context.scope;
export const selectOrg = (s: Snapshot) => s.context.org;
export const selectFilter = (s: Snapshot) => s.context.q;
export const selectCollections = (s: Snapshot) => s.context.items;
export const selectListStatus = (s: Snapshot) =>
  s.matches({ list: 'needsOrg' })
    ? 'needsOrg'
    : s.matches({ list: 'failed' })
      ? 'failed'
      : s.matches({ list: 'loaded' }) || s.matches({ list: 'loadingMore' })
        ? 'loaded'
        : 'loading';
export const selectListError = (s: Snapshot) => s.context.error;
export const selectHasMore = (s: Snapshot) => s.context.nextCursor !== null;
export const selectLoadingMore = (s: Snapshot) => s.matches({ list: 'loadingMore' });
export const selectMyOrgs = (s: Snapshot) => s.context.orgs;
export const selectCreateOpen = (s: Snapshot) => !s.matches({ create: 'closed' });
export const selectCreating = (s: Snapshot) => s.matches({ create: 'creating' });
export const selectCanCreate = (s: Snapshot) => s.can({ type: 'create.submit' });
export const selectNewCollection = (s: Snapshot) => s.context.form;
export const selectCreateError = (s: Snapshot) => s.context.createError;
