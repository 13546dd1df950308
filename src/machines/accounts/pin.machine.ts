// The pin button of a document: the caller's pinned state (from the access stats), toggled with
// PUT or DELETE /user/pins/{id}. A failed toggle keeps the last state the server confirmed.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { describeFailure, documentAccessStats, pinDocument, unpinDocument } from '../../api/accounts';

export interface PinContext {
  documentId: string;
  pinned: boolean;
  error?: { status: number; detail: string };
}

export const pinMachine = setup({
  types: {
    context: {} as PinContext,
    events: {} as { type: 'pin.toggle' } | { type: 'pin.retry' },
    input: {} as { documentId: string },
  },
  actors: {
    loadPinned: fromPromise(({ input, signal }: { input: { documentId: string }; signal: AbortSignal }) =>
      documentAccessStats(input.documentId, { signal }).then((stats) => stats.pinned),
    ),
    setPinned: fromPromise(
      ({ input, signal }: { input: { documentId: string; pinned: boolean }; signal: AbortSignal }) =>
        (input.pinned ? pinDocument : unpinDocument)(input.documentId, { signal }).then((state) => state.pinned),
    ),
  },
  actions: {
    setFailure: assign((_, params: { error: unknown }) => {
      const { status, detail } = describeFailure(params.error);
      return { error: { status, detail } };
    }),
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
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
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
        onError: { target: 'ready', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof pinMachine>;
export const selectPinned = (snapshot: Snapshot) => snapshot.context.pinned;
export const selectPinPhase = (snapshot: Snapshot) => snapshot.value as 'loading' | 'loadFailed' | 'ready' | 'toggling';
export const selectPinError = (snapshot: Snapshot) => snapshot.context.error;
