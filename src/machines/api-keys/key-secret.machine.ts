// The secret dialog: a new key's secret, shown once. Copy puts it on the clipboard and says
// 'Copied!' for a while; closing drops the secret, which lives nowhere else (no atom, no storage).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiKeyWithSecret } from '../../api/contract/api-keys';

export type KeySecretEvent =
  { type: 'secret.show'; key: ApiKeyWithSecret } | { type: 'secret.copy' } | { type: 'secret.close' };

export const keySecretMachine = setup({
  types: {
    context: {} as { key?: ApiKeyWithSecret },
    events: {} as KeySecretEvent,
  },
  actors: {
    copyText: fromPromise(({ input }: { input: { text: string } }) => navigator.clipboard.writeText(input.text)),
  },
  delays: {
    /** How long 'Copied!' stays. */
    copiedFor: 2000,
  },
}).createMachine({
  id: 'keySecret',
  context: {},
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'secret.show': { target: 'shown', actions: assign({ key: ({ event }) => event.key }) } },
    },
    shown: {
      initial: 'ready',
      on: { 'secret.close': { target: 'hidden', actions: assign({ key: undefined }) } },
      states: {
        ready: { on: { 'secret.copy': 'copying' } },
        copying: {
          invoke: {
            src: 'copyText',
            input: ({ context }) => ({ text: context.key?.secret ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          after: { copiedFor: 'ready' },
          on: { 'secret.copy': 'copying' },
        },
        copyFailed: { on: { 'secret.copy': 'copying' } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof keySecretMachine>;
export const selectSecretKey = (s: Snapshot) => s.context.key;
export const selectCopied = (s: Snapshot) => s.matches({ shown: 'copied' });
export const selectCopyFailed = (s: Snapshot) => s.matches({ shown: 'copyFailed' });
