// Changing the handle (/settings/handle): resolve the user's ETag, then PATCH the handle with
// If-Match, so a change made elsewhere in between is refused (412) instead of overwritten.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export interface HandleChangeContext {
  userId: string;
  /** The handle the server has now. */
  current: string;
  /** What the user typed. */
  next: string;
  /** The ETag resolved for the change on its way. */
  etag?: string;
  error?: ApiError;
  /** Which step failed: reading the ETag, or the change itself. */
  failedStep?: 'etag' | 'change';
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
    resolveEtag: fromPromise(
      async ({ input, signal }: { input: { userId: string }; signal: AbortSignal }) =>
        (await call(routes.getUserEtag, { params: { id: input.userId }, signal })).etag,
    ),
    // The ETag goes in If-Match, so a stale one gets 412.
    patchHandle: fromPromise(
      ({ input, signal }: { input: { userId: string; next: string; etag: string }; signal: AbortSignal }) =>
        call(routes.patchHandle, {
          params: { id: input.userId },
          body: { username: input.next },
          headers: { 'If-Match': input.etag },
          signal,
        }),
    ),
  },
  actions: {
    /** Provided by the screen: tell the rest of the app (the header) the new handle. */
    handleChanged: (_, _params: { username: string }) => {},
    setFailure: assign(({ event }, params: { step: 'etag' | 'change' }) => ({
      error: failureOf({ event }),
      failedStep: params.step,
    })),
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
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: { step: 'etag' } },
        },
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
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: { step: 'change' } },
        },
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
export const selectBusy = (snapshot: Snapshot) => snapshot.matches('resolvingEtag') || snapshot.matches('patching');
export const selectChanged = (snapshot: Snapshot) => snapshot.matches('done');
export const selectNext = (snapshot: Snapshot) => snapshot.context.next;
export const selectCurrent = (snapshot: Snapshot) => snapshot.context.current;
/** The failure of the last try, while it is the state shown. */
export const selectError = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.error : undefined);
/** True when the failure shown is the ETag read's, not the change's ('Failed to get ETag'). */
export const selectEtagFailed = (snapshot: Snapshot) =>
  snapshot.matches('failed') && snapshot.context.failedStep === 'etag';
export const selectCanSubmit = (snapshot: Snapshot) => snapshot.can({ type: 'handle.submit' });
