// "Send the link again" on the login page, when the login answered email_not_verified: asks the
// server to email a new verification link to the address typed (it always answers ok, so nobody
// learns whether the account exists), then says where the link went.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { call, type ApiError } from '../../api/client';
import { routes } from '../../api/contract/routes';
import { failureOf } from '../failure';

export const resendVerificationMachine = setup({
  types: {
    context: {} as { email?: string; error?: ApiError },
    events: {} as { type: 'resend.send'; email: string },
  },
  actors: {
    resend: fromPromise(({ input, signal }: { input: { email: string }; signal: AbortSignal }) =>
      call(routes.resendVerification, { body: input, signal }),
    ),
  },
}).createMachine({
  id: 'resendVerification',
  context: {},
  initial: 'idle',
  on: {
    'resend.send': {
      guard: ({ event }) => event.email.trim() !== '',
      target: '.sending',
      actions: assign({ email: ({ event }) => event.email.trim(), error: undefined }),
    },
  },
  states: {
    idle: {},
    sending: {
      // A second click while the first is on its way asks for nothing more.
      on: { 'resend.send': {} },
      invoke: {
        src: 'resend',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: 'sent',
        onError: { target: 'failed', actions: assign({ error: failureOf }) },
      },
    },
    sent: {},
    failed: {},
  },
});

type Snapshot = SnapshotFrom<typeof resendVerificationMachine>;
/** The address the new link went to, once sent. */
export const selectSentTo = (snapshot: Snapshot) => (snapshot.matches('sent') ? snapshot.context.email : undefined);
export const selectResendError = (snapshot: Snapshot) => snapshot.context.error;
