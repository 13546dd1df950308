// /memory: whose memory (mine or an organization's by ID), the search (300 ms after typing), the
// entities with their counts, one entity opened with its observations, relations and linked
// provisions, and the writes (create and delete an entity, add and delete an observation, relate
// and unrelate), one at a time; each write answers the opened entity as it is now.
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { MemoryEntityDetail, MemoryEntitySummary } from '../../api/contract/memory';
import { routes } from '../../api/contract/routes';
import { ownerQueryOf, type OwnerChoice, type OwnerQuery } from '../api-keys/api-key-owner';
import { failureOf } from '../failure';

/** A change to the memory, as the screen asks for it (names and texts as typed). */
export type MemoryWrite =
  | { kind: 'entity.create'; name: string; entityType: string }
  | { kind: 'entity.delete'; id: string }
  | { kind: 'observation.add'; id: string; content: string }
  | { kind: 'observation.delete'; id: string; observationId: string }
  | { kind: 'relation.create'; id: string; from: string; to: string; relationType: string }
  | { kind: 'relation.delete'; id: string; relationId: string };

/** The entity to show after the write (null: none, it was deleted). */
export async function performWrite(owner: OwnerQuery, write: MemoryWrite): Promise<MemoryEntityDetail | null> {
  switch (write.kind) {
    case 'entity.create':
      return call(routes.createMemoryEntity, {
        query: owner,
        body: { name: write.name, entity_type: write.entityType, observations: [] },
      });
    case 'entity.delete':
      await call(routes.deleteMemoryEntity, { params: { id: write.id }, query: owner });
      return null;
    case 'observation.add':
      return call(routes.addMemoryObservation, {
        params: { id: write.id },
        query: owner,
        body: { content: write.content },
      });
    case 'observation.delete':
      return call(routes.deleteMemoryObservation, {
        params: { id: write.id, observationId: write.observationId },
        query: owner,
      });
    case 'relation.create':
      await call(routes.createMemoryRelation, {
        query: owner,
        body: { from: write.from, to: write.to, relation_type: write.relationType },
      });
      return call(routes.getMemoryEntity, { params: { id: write.id }, query: owner });
    case 'relation.delete':
      await call(routes.deleteMemoryRelation, { params: { id: write.relationId }, query: owner });
      return call(routes.getMemoryEntity, { params: { id: write.id }, query: owner });
  }
}

export interface MemoryBrowserContext {
  owner: OwnerChoice;
  organizationId: string;
  q: string;
  entities: MemoryEntitySummary[];
  listError?: ApiError;
  openId?: string;
  entity?: MemoryEntityDetail;
  entityError?: ApiError;
  pendingWrite?: MemoryWrite;
  writeError?: ApiError;
}

export type MemoryBrowserEvent =
  | { type: 'owner.select'; owner: OwnerChoice }
  | { type: 'organization.input'; value: string }
  | { type: 'search.input'; value: string }
  | { type: 'list.refresh' }
  | { type: 'entity.open'; id: string }
  | { type: 'entity.close' }
  | { type: 'memory.write'; write: MemoryWrite };

const ownerOf = (context: MemoryBrowserContext) => ownerQueryOf(context.owner, context.organizationId);
const closed = { openId: undefined, entity: undefined, entityError: undefined, writeError: undefined };

export const memoryBrowserMachine = setup({
  types: {
    context: {} as MemoryBrowserContext,
    events: {} as MemoryBrowserEvent,
  },
  actors: {
    loadEntities: fromPromise(
      async ({ input, signal }: { input: { owner: OwnerQuery; q: string }; signal: AbortSignal }) =>
        (
          await call(routes.listMemoryEntities, {
            query: { ...input.owner, q: input.q.trim() || undefined },
            signal,
          })
        ).items,
    ),
    loadEntity: fromPromise(({ input, signal }: { input: { owner: OwnerQuery; id: string }; signal: AbortSignal }) =>
      call(routes.getMemoryEntity, { params: { id: input.id }, query: input.owner, signal }),
    ),
    write: fromPromise(({ input }: { input: { owner: OwnerQuery; write: MemoryWrite } }) =>
      performWrite(input.owner, input.write),
    ),
  },
  delays: {
    /** Typing in the search or the organization ID waits this long before asking. */
    searchDelay: 300,
  },
  guards: {
    hasOwner: ({ context }) => ownerOf(context) !== undefined,
    hasOpen: ({ context }) => context.openId !== undefined && ownerOf(context) !== undefined,
  },
}).createMachine({
  id: 'memoryBrowser',
  type: 'parallel',
  context: { owner: 'mine', organizationId: '', q: '', entities: [] },
  states: {
    list: {
      initial: 'starting',
      on: {
        'owner.select': { target: '.starting', actions: assign({ owner: ({ event }) => event.owner, ...closed }) },
        'organization.input': {
          target: '.debouncing',
          actions: assign({ organizationId: ({ event }) => event.value, ...closed }),
        },
        'search.input': { target: '.debouncing', actions: assign({ q: ({ event }) => event.value }) },
        'list.refresh': { target: '.starting' },
      },
      states: {
        starting: {
          always: [
            { guard: 'hasOwner', target: 'loading' },
            { target: 'needsOrganization', actions: assign({ entities: [], listError: undefined }) },
          ],
        },
        needsOrganization: {},
        debouncing: { after: { searchDelay: 'starting' } },
        loading: {
          entry: assign({ listError: undefined }),
          invoke: {
            src: 'loadEntities',
            input: ({ context }) => ({ owner: ownerOf(context)!, q: context.q }),
            onDone: { target: 'loaded', actions: assign({ entities: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ entities: [], listError: failureOf }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    entity: {
      initial: 'none',
      on: {
        'entity.open': {
          target: '.opening',
          actions: assign({ openId: ({ event }) => event.id, entityError: undefined, writeError: undefined }),
        },
        'entity.close': { target: '.none', actions: assign(closed) },
        'owner.select': '.none',
        'organization.input': '.none',
      },
      states: {
        none: {},
        opening: {
          always: { guard: ({ context }) => !ownerOf(context), target: 'none' },
          invoke: {
            src: 'loadEntity',
            input: ({ context }) => ({ owner: ownerOf(context)!, id: context.openId! }),
            onDone: { target: 'shown', actions: assign({ entity: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ entity: undefined, entityError: failureOf }) },
          },
        },
        shown: {},
        failed: {},
      },
    },
    writing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'memory.write': {
              guard: 'hasOwner',
              target: 'busy',
              actions: assign({ pendingWrite: ({ event }) => event.write, writeError: undefined }),
            },
          },
        },
        busy: {
          invoke: {
            src: 'write',
            input: ({ context }) => ({ owner: ownerOf(context)!, write: context.pendingWrite! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) =>
                  event.output === null
                    ? { ...closed, pendingWrite: undefined }
                    : {
                        openId: event.output.id,
                        entity: event.output,
                        entityError: undefined,
                        pendingWrite: undefined,
                      },
                ),
                // Counts and names in the list follow.
                raise({ type: 'list.refresh' }),
              ],
            },
            onError: { target: 'idle', actions: assign({ writeError: failureOf, pendingWrite: undefined }) },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof memoryBrowserMachine>;
export const selectOwner = (s: Snapshot) => s.context.owner;
export const selectOrganizationId = (s: Snapshot) => s.context.organizationId;
export const selectQuery = (s: Snapshot) => s.context.q;
export const selectEntities = (s: Snapshot) => s.context.entities;
export const selectListError = (s: Snapshot) => s.context.listError;
export const selectListLoading = (s: Snapshot) => s.matches({ list: 'loading' }) || s.matches({ list: 'debouncing' });
export const selectNeedsOrganization = (s: Snapshot) => s.matches({ list: 'needsOrganization' });
export const selectOpenEntity = (s: Snapshot) => s.context.entity;
export const selectEntityError = (s: Snapshot) => s.context.entityError;
export const selectEntityLoading = (s: Snapshot) => s.matches({ entity: 'opening' });
export const selectWriting = (s: Snapshot) => s.matches({ writing: 'busy' });
export const selectWriteError = (s: Snapshot) => s.context.writeError;
