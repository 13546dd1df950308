// /settings/api-keys, the table: whose keys (mine, or an organization's by ID), the list, Rotate
// (the new secret is emitted for the secret dialog, never kept here), Revoke after a confirmation.
import { assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { ApiKey, ApiKeyWithSecret } from '../../api/contract/api-keys';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';
import { ownerQueryOf, type OwnerChoice, type OwnerQuery } from './api-key-owner';

export interface ApiKeysListContext {
  owner: OwnerChoice;
  organizationId: string;
  keys: ApiKey[];
  error?: ApiError;
  /** The key whose revocation waits for a confirmation. */
  pendingRevoke?: ApiKey;
  /** The key being rotated or revoked. */
  busyKeyId?: string;
  actionError?: ApiError;
}

export type ApiKeysListEvent =
  | { type: 'owner.select'; owner: OwnerChoice }
  | { type: 'organization.input'; value: string }
  | { type: 'list.refresh' }
  | { type: 'key.rotate'; key: ApiKey }
  | { type: 'key.revoke'; key: ApiKey }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

export type ApiKeysListEmitted = { type: 'key.rotated'; key: ApiKeyWithSecret } | { type: 'key.revoked'; key: ApiKey };

const queryOf = (context: ApiKeysListContext) => ownerQueryOf(context.owner, context.organizationId);

export const apiKeysListMachine = setup({
  types: {
    context: {} as ApiKeysListContext,
    events: {} as ApiKeysListEvent,
    emitted: {} as ApiKeysListEmitted,
  },
  actors: {
    loadKeys: fromPromise(
      async ({ input, signal }: { input: OwnerQuery; signal: AbortSignal }) =>
        (await call(routes.listApiKeys, { query: input, signal })).items,
    ),
    rotateKey: fromPromise(({ input }: { input: { id: string } }) =>
      call(routes.rotateApiKey, { params: { id: input.id }, body: { overlap_seconds: 0 } }),
    ),
    revokeKey: fromPromise(({ input }: { input: { id: string } }) =>
      call(routes.revokeApiKey, { params: { id: input.id } }),
    ),
  },
  delays: {
    /** Typing an organization ID waits this long before asking. */
    organizationDelay: 300,
  },
  guards: {
    hasOwner: ({ context }) => queryOf(context) !== undefined,
  },
}).createMachine({
  id: 'apiKeysList',
  type: 'parallel',
  context: { owner: 'mine', organizationId: '', keys: [] },
  states: {
    list: {
      initial: 'starting',
      on: {
        'owner.select': { target: '.starting', actions: assign({ owner: ({ event }) => event.owner }) },
        'organization.input': {
          target: '.debouncing',
          actions: assign({ organizationId: ({ event }) => event.value }),
        },
        'list.refresh': { target: '.starting' },
      },
      states: {
        starting: {
          always: [
            { guard: 'hasOwner', target: 'loading' },
            { target: 'needsOrganization', actions: assign({ keys: [], error: undefined }) },
          ],
        },
        needsOrganization: {},
        debouncing: { after: { organizationDelay: 'starting' } },
        loading: {
          entry: assign({ error: undefined }),
          invoke: {
            src: 'loadKeys',
            input: ({ context }) => queryOf(context)!,
            onDone: { target: 'loaded', actions: assign({ keys: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ keys: [], error: failureOf }) },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'key.rotate': { target: 'rotating', actions: assign({ busyKeyId: ({ event }) => event.key.id }) },
            'key.revoke': { target: 'confirmingRevoke', actions: assign({ pendingRevoke: ({ event }) => event.key }) },
          },
        },
        confirmingRevoke: {
          on: {
            'revoke.confirm': {
              target: 'revoking',
              actions: assign({ busyKeyId: ({ context }) => context.pendingRevoke?.id }),
            },
            'revoke.cancel': { target: 'idle', actions: assign({ pendingRevoke: undefined }) },
          },
        },
        rotating: {
          entry: assign({ actionError: undefined }),
          invoke: {
            src: 'rotateKey',
            input: ({ context }) => ({ id: context.busyKeyId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ busyKeyId: undefined }),
                // The secret goes straight to the dialog: it never stays in this machine.
                emit(({ event }) => ({ type: 'key.rotated' as const, key: event.output })),
                raise({ type: 'list.refresh' }),
              ],
            },
            onError: { target: 'idle', actions: assign({ busyKeyId: undefined, actionError: failureOf }) },
          },
        },
        revoking: {
          entry: assign({ actionError: undefined }),
          invoke: {
            src: 'revokeKey',
            input: ({ context }) => ({ id: context.busyKeyId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ busyKeyId: undefined, pendingRevoke: undefined }),
                emit(({ event }) => ({ type: 'key.revoked' as const, key: event.output })),
                raise({ type: 'list.refresh' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ busyKeyId: undefined, pendingRevoke: undefined, actionError: failureOf }),
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof apiKeysListMachine>;
export const selectOwner = (s: Snapshot) => s.context.owner;
export const selectOrganizationId = (s: Snapshot) => s.context.organizationId;
export const selectKeys = (s: Snapshot) => s.context.keys;
export const selectListError = (s: Snapshot) => s.context.error;
export const selectActionError = (s: Snapshot) => s.context.actionError;
export const selectLoading = (s: Snapshot) => s.matches({ list: 'loading' }) || s.matches({ list: 'debouncing' });
export const selectNeedsOrganization = (s: Snapshot) => s.matches({ list: 'needsOrganization' });
export const selectPendingRevoke = (s: Snapshot) => s.context.pendingRevoke;
export const selectBusyKeyId = (s: Snapshot) => s.context.busyKeyId;
