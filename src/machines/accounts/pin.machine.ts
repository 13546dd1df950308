// The pin button of a document: the caller's pinned state (from the access stats), toggled with
// PUT or DELETE /user/pins/{id}. A failed toggle keeps the last state the server confirmed.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export interface PinContext {
  documentId: string;
  pinned: boolean;
  error?: ApiError;
}

export const pinMachine = setup({
  types: {
    context: {} as PinContext,
    events: {} as { type: 'pin.toggle' } | { type: 'pin.retry' },
    input: {} as { documentId: string },
  },
  actors: {
    loadPinned: fromPromise(
      async ({ input, signal }: { input: { documentId: string }; signal: AbortSignal }) =>
        (await call(routes.documentAccessStats, { params: { id: input.documentId }, signal })).pinned,
    ),
    setPinned: fromPromise(
      async ({ input, signal }: { input: { documentId: string; pinned: boolean }; signal: AbortSignal }) =>
        (
          await call(input.pinned ? routes.pinDocument : routes.unpinDocument, {
            params: { id: input.documentId },
            signal,
          })
        ).pinned,
    ),
  },
  actions: {
    setFailure: assign({ error: failureOf }),
  },
}).createMachine({
  id: 'pin',
  context: ({ input }) => ({ documentId: input.documentId, pinned: false }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'loadPinned',
        input: ({ context }) => ({ documentId: context.documentId }),
        onDone: { target: 'ready', actions: assign({ pinned: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: 'setFailure',
        },
      },
    },
    loadFailed: { on: { 'pin.retry': 'loading' } },
    ready: { on: { 'pin.toggle': 'toggling' } },
    toggling: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'setPinned',
        input: ({ context }) => ({ documentId: context.documentId, pinned: !context.pinned }),
        onDone: { target: 'ready', actions: assign({ pinned: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: 'setFailure' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof pinMachine>;
export const selectPinned = (snapshot: Snapshot) => snapshot.context.pinned;
export const selectPinLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectPinLoadFailed = (snapshot: Snapshot) => snapshot.matches('loadFailed');
export const selectToggling = (snapshot: Snapshot) => snapshot.matches('toggling');
export const selectCanToggle = (snapshot: Snapshot) => snapshot.can({ type: 'pin.toggle' });
export const selectPinError = (snapshot: Snapshot) => snapshot.context.error;
