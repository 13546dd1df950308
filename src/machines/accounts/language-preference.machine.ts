// Keeps the interface language and the account's saved one together: on login (or when the
// session starts logged in) the account's language is applied only if this device has no
// choice of its own; a language chosen while logged in is saved to the account.
import { and, assign, fromPromise, setup } from 'xstate';
import { call } from '../../api/client';
import type { CurrentUser } from '../../api/contract';
import { routes } from '../../api/contract/routes';
import type { InterfaceLanguage } from './auth-form.machine';

export type LanguagePreferenceEvent =
  /** The session's user (null: nobody); `hasLocalChoice`: a language is stored on this device. */
  | { type: 'session.user'; user: CurrentUser | null; hasLocalChoice: boolean }
  /** The user picked an interface language. */
  | { type: 'locale.chosen'; locale: InterfaceLanguage };

export const languagePreferenceMachine = setup({
  types: {
    context: {} as { userId?: string; pending?: InterfaceLanguage },
    events: {} as LanguagePreferenceEvent,
  },
  actors: {
    saveLanguage: fromPromise(
      async ({ input, signal }: { input: { language: InterfaceLanguage }; signal: AbortSignal }) =>
        (await call(routes.setLanguagePreference, { body: { language: input.language }, signal })).language,
    ),
  },
  actions: {
    // Provided by the app: sets the interface language without storing it as a local choice.
    applyLocale: (_, _params: { locale: InterfaceLanguage }) => {},
  },
  guards: {
    loggedIn: ({ event }) => event.type === 'session.user' && event.user !== null,
    // The same user again (a refreshed copy): the rule ran at login already.
    sameUser: ({ context, event }) => event.type === 'session.user' && event.user?.id === context.userId,
    serverLanguageApplies: ({ event }) =>
      event.type === 'session.user' && !event.hasLocalChoice && event.user?.language != null,
  },
}).createMachine({
  id: 'languagePreference',
  context: {},
  initial: 'anonymous',
  on: {
    'session.user': [
      { guard: 'sameUser' },
      {
        guard: and(['loggedIn', 'serverLanguageApplies']),
        target: '.signedIn',
        actions: [
          assign({ userId: ({ event }) => event.user?.id }),
          { type: 'applyLocale', params: ({ event }) => ({ locale: event.user!.language! }) },
        ],
      },
      { guard: 'loggedIn', target: '.signedIn', actions: assign({ userId: ({ event }) => event.user?.id }) },
      { target: '.anonymous', actions: assign({ userId: undefined }) },
    ],
  },
  states: {
    anonymous: {},
    signedIn: {
      initial: 'idle',
      on: {
        'locale.chosen': {
          target: '.saving',
          reenter: true,
          actions: assign({ pending: ({ event }) => event.locale }),
        },
      },
      states: {
        idle: {},
        saving: {
          invoke: {
            src: 'saveLanguage',
            input: ({ context }) => ({ language: context.pending! }),
            // A failed save leaves the language chosen here as it is; the account keeps its old one.
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
  },
});
