// Changing the handle (/settings/handle): resolve the user's ETag, then PATCH the handle with
// If-Match, so a change made elsewhere in between is refused (412) instead of overwritten.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { describeFailure, getUserEtag, patchHandle } from '../../api/accounts';

export interface HandleChangeContext {
  userId: string;
  /** The handle the server has now. */
  current: string;
  /** What the user typed. */
  next: string;
  /** The ETag resolved for the change on its way. */
  etag?: string;
  error?: { status: number; detail: string };
}

export type HandleChangeEvent =
  | { type: 'handle.input'; value: string }
  | { type: 'handle.submit' }
  /** The logged-in user (re)loaded: follow its handle unless a change is on its way. */
  | { type: 'handle.sync'; userId: string; current: string };

const normalized = (value: string) => value.trim().toLowerCase();

export const handleChangeMachine = setup({
  types: {
    context: {} as HandleChangeContext,
    events: {} as HandleChangeEvent,
    input: {} as { userId: string; current: string },
  },
  actors: {
    resolveEtag: fromPromise(({ input, signal }: { input: { userId: string }; signal: AbortSignal }) =>
      getUserEtag(input.userId, { signal }),
    ),
    patchHandle: fromPromise(
      ({ input, signal }: { input: { userId: string; next: string; etag: string }; signal: AbortSignal }) =>
        patchHandle(input.userId, input.next, input.etag, { signal }),
    ),
  },
  actions: {
    /** Provided by the screen: tell the rest of the app (the header) the new handle. */
    handleChanged: (_, _params: { username: string }) => {},
    setFailure: assign((_, params: { error: unknown }) => {
      const { status, detail } = describeFailure(params.error);
      return { error: { status, detail } };
    }),
  },
  guards: {
    canSubmit: ({ context }) => normalized(context.next) !== '' && normalized(context.next) !== context.current,
  },
}).createMachine({
  id: 'handleChange',
  context: ({ input }) => ({ userId: input.userId, current: input.current, next: '' }),
  initial: 'idle',
  on: {
    'handle.input': { target: '.idle', actions: assign({ next: ({ event }) => event.value }) },
  },
  states: {
    idle: {
      on: {
        'handle.submit': { guard: 'canSubmit', target: 'resolvingEtag' },
        'handle.sync': {
          actions: assign({ userId: ({ event }) => event.userId, current: ({ event }) => event.current }),
        },
      },
    },
    resolvingEtag: {
      entry: assign({ error: undefined }),
      // Typing while a change is on its way would make the answer describe another value.
      on: { 'handle.input': {} },
      invoke: {
        src: 'resolveEtag',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'patching', actions: assign({ etag: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    patching: {
      on: { 'handle.input': {} },
      invoke: {
        src: 'patchHandle',
        input: ({ context }) => ({
          userId: context.userId,
          next: normalized(context.next),
          etag: context.etag ?? '',
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ current: ({ event }) => event.output.username, next: '', etag: undefined }),
            { type: 'handleChanged', params: ({ event }) => ({ username: event.output.username }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      on: {
        'handle.submit': { guard: 'canSubmit', target: 'resolvingEtag' },
        'handle.sync': {
          actions: assign({ userId: ({ event }) => event.userId, current: ({ event }) => event.current }),
        },
      },
    },
    failed: {
      on: {
        'handle.submit': { guard: 'canSubmit', target: 'resolvingEtag' },
        'handle.sync': {
          actions: assign({ userId: ({ event }) => event.userId, current: ({ event }) => event.current }),
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof handleChangeMachine>;
export type HandleChangePhase = 'idle' | 'resolvingEtag' | 'patching' | 'done' | 'failed';
export const selectPhase = (snapshot: Snapshot) => snapshot.value as HandleChangePhase;
export const selectNext = (snapshot: Snapshot) => snapshot.context.next;
export const selectCurrent = (snapshot: Snapshot) => snapshot.context.current;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectCanSubmit = (snapshot: Snapshot) =>
  (snapshot.matches('idle') || snapshot.matches('done') || snapshot.matches('failed')) &&
  normalized(snapshot.context.next) !== '' &&
  normalized(snapshot.context.next) !== snapshot.context.current;
