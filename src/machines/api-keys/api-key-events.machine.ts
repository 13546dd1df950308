// The Events dialog of /settings/api-keys: the latest 50 events of one key, asked when opened.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import type { ApiKey, ApiKeyEvent } from '../../api/contract/api-keys';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export const EVENTS_SHOWN = 50;

export const apiKeyEventsMachine = setup({
  types: {
    context: {} as { key?: ApiKey; events: ApiKeyEvent[]; error?: ApiError },
    events: {} as { type: 'events.open'; key: ApiKey } | { type: 'events.close' },
  },
  actors: {
    loadEvents: fromPromise(
      async ({ input, signal }: { input: ApiKey; signal: AbortSignal }) =>
        (
          await call(routes.listApiKeyEvents, {
            query: {
              key_id: input.id,
              owner_type: input.owner_type,
              organization_id: input.organization_id ?? undefined,
              limit: EVENTS_SHOWN,
            },
            signal,
          })
        ).items,
    ),
  },
}).createMachine({
  id: 'apiKeyEvents',
  context: { events: [] },
  initial: 'closed',
  on: {
    'events.open': {
      target: '.loading',
      actions: assign({ key: ({ event }) => event.key, events: [], error: undefined }),
    },
    'events.close': { target: '.closed', actions: assign({ key: undefined, events: [], error: undefined }) },
  },
  states: {
    closed: {},
    loading: {
      invoke: {
        src: 'loadEvents',
        input: ({ context }) => context.key!,
        onDone: { target: 'loaded', actions: assign({ events: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: failureOf }) },
      },
    },
    loaded: {},
    failed: {},
  },
});

type Snapshot = SnapshotFrom<typeof apiKeyEventsMachine>;
export const selectEventsKey = (s: Snapshot) => s.context.key;
export const selectEvents = (s: Snapshot) => s.context.events;
export const selectEventsError = (s: Snapshot) => s.context.error;
export const selectEventsLoading = (s: Snapshot) => s.matches('loading');
