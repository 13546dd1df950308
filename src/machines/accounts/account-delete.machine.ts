// Settings → Delete account: the password typed, a confirmation ("Delete your account?"), then
// DELETE /auth/account. A refusal (wrong password, last owner of an organization) returns to the
// form and says why; success runs `accountDeleted` (the screen signs out and goes home).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export interface AccountDeleteContext {
  password: string;
  error?: ApiError;
}

export type AccountDeleteEvent =
  | { type: 'password.input'; value: string }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export const accountDeleteMachine = setup({
  types: {
    context: {} as AccountDeleteContext,
    events: {} as AccountDeleteEvent,
  },
  actors: {
    deleteAccount: fromPromise(({ input }: { input: { password: string } }) =>
      call(routes.deleteAccount, { body: { password: input.password } }),
    ),
  },
  actions: {
    /** Provided by the screen: the user is gone (sign out locally, go home, say so). */
    accountDeleted: () => {},
  },
  guards: {
    hasPassword: ({ context }) => context.password !== '',
  },
}).createMachine({
  id: 'accountDelete',
  context: { password: '' },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'password.input': {
          target: '.idle',
          actions: assign({ password: ({ event }) => event.value }),
        },
        'delete.request': { guard: 'hasPassword', target: 'confirming' },
      },
      states: { idle: {}, failed: {} },
    },
    confirming: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'editing.idle',
      },
    },
    deleting: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'deleted', actions: [assign({ password: '' }), 'accountDeleted'] },
        onError: { target: 'editing.failed', actions: assign({ error: failureOf }) },
      },
    },
    deleted: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof accountDeleteMachine>;
export const selectDeletePassword = (snapshot: Snapshot) => snapshot.context.password;
export const selectDeleteConfirming = (snapshot: Snapshot) => snapshot.matches('confirming');
export const selectDeleting = (snapshot: Snapshot) => snapshot.matches('deleting');
export const selectDeleteError = (snapshot: Snapshot) =>
  snapshot.matches({ editing: 'failed' }) ? snapshot.context.error : undefined;
