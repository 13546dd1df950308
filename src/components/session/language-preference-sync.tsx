// Feeds the language-preference machine from the app's state (the session's user, the user's
// language choices) and applies the account's language when the machine says so. Renders nothing.
import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useAtomValue, useSetAtom } from '../../atoms/store';
import { currentUserAtom } from '../../atoms/accounts/session.atoms';
import { localeChoiceAtom, serverLocaleAtom } from '../../atoms/shell/locale.atoms';
import { hasStoredLocale } from '../../i18n/locale';
import { languagePreferenceMachine } from '../../machines/accounts/language-preference.machine';

const browserStorage = () => (typeof window !== 'undefined' ? window.localStorage : undefined);

export function LanguagePreferenceSync() {
  const user = useAtomValue(currentUserAtom);
  const choice = useAtomValue(localeChoiceAtom);
  const applyServerLocale = useSetAtom(serverLocaleAtom);
  const preference = useActorRef(
    languagePreferenceMachine.provide({
      actions: { applyLocale: (_, { locale }) => applyServerLocale(locale) },
    }),
  );

  useEffect(() => {
    // undefined: /auth/me has not answered yet.
    if (user !== undefined)
      preference.send({ type: 'session.user', user, hasLocalChoice: hasStoredLocale(browserStorage()) });
  }, [preference, user]);

  useEffect(() => {
    if (choice) preference.send({ type: 'locale.chosen', locale: choice.locale });
  }, [preference, choice]);

  return null;
}
