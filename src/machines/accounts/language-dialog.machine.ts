// The 'Select Language' dialog: opens, loads the interface languages once (the built-in two when
// the call fails), filters them as the user types, and switches the locale on a choice.
import { assign, fromPromise, setup } from 'xstate';
import { call } from '../../api/client';
import { INTERFACE_LANGUAGES } from '../../api/contract/languages';
import { routes } from '../../api/contract/routes';

export interface LanguageOption {
  code: string;
  name: string;
  native_name: string;
}

export const BUILT_IN_LANGUAGES: LanguageOption[] = INTERFACE_LANGUAGES.map((language) => ({ ...language }));

interface Context {
  languages: LanguageOption[];
  loaded: boolean;
  query: string;
  current: string;
}

type Events =
  | { type: 'dialog.open'; current: string }
  | { type: 'dialog.close' }
  | { type: 'query.change'; value: string }
  | { type: 'language.choose'; code: string };

export const languageDialogMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Events,
  },
  actors: {
    loadLanguages: fromPromise<LanguageOption[]>(
      async ({ signal }) => (await call(routes.listInterfaceLanguages, { signal })).items,
    ),
  },
  actions: {
    // Provided by the screen: writes the interface language (the machine knows no atoms).
    switchLocale: (_, _params: { code: string }) => {},
  },
  guards: {
    languagesLoaded: ({ context }) => context.loaded,
    isCurrent: ({ context, event }) => event.type === 'language.choose' && event.code === context.current,
  },
}).createMachine({
  id: 'languageDialog',
  context: { languages: BUILT_IN_LANGUAGES, loaded: false, query: '', current: 'en' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dialog.open': { target: 'open', actions: assign({ current: ({ event }) => event.current, query: '' }) },
      },
    },
    open: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'languagesLoaded', target: 'ready' }, { target: 'loading' }],
        },
        loading: {
          invoke: {
            src: 'loadLanguages',
            onDone: {
              target: 'ready',
              actions: assign({
                languages: ({ event }) => (event.output.length > 0 ? event.output : BUILT_IN_LANGUAGES),
                loaded: true,
              }),
            },
            // Keep the built-in list; a later opening tries again.
            onError: { target: 'ready' },
          },
        },
        ready: {},
      },
      on: {
        'dialog.close': 'closed',
        'query.change': { actions: assign({ query: ({ event }) => event.value }) },
        'language.choose': [
          { guard: 'isCurrent', target: 'closed' },
          { target: 'closed', actions: { type: 'switchLocale', params: ({ event }) => ({ code: event.code }) } },
        ],
      },
    },
  },
});
