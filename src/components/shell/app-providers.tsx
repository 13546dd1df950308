// Interface language (react-intl) and colour theme (Radix Themes) for everything below, plus
// the page-level settings that follow them: <html lang>, color-scheme, Accept-Language; and the
// sync of the interface language with the logged-in account.
import { useLayoutEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Theme } from '@radix-ui/themes';
import { setApiLanguage } from '../../api/client';
import { useAtomValue } from '../../atoms/store';
import { localeAtom } from '../../atoms/shell/locale.atoms';
import { appearanceAtom } from '../../atoms/shell/theme.atoms';
import { useCatalogue } from '../../i18n/use-catalogue';
import { LanguagePreferenceSync } from '../session/language-preference-sync';

export function AppProviders({ children }: { children: ReactNode }) {
  const chosenLocale = useAtomValue(localeAtom);
  // The chosen language once its catalogue is here; until then the one shown before.
  const { locale, messages } = useCatalogue(chosenLocale);
  const appearance = useAtomValue(appearanceAtom);

  // During render, not in an effect: the screens below start their API calls in their own
  // effects, which run before this component's.
  setApiLanguage(locale);

  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useLayoutEffect(() => {
    // The page outside the Theme (overscroll, scrollbars, form controls) follows it too.
    const root = document.documentElement;
    root.style.colorScheme = appearance;
    root.classList.toggle('dark', appearance === 'dark');
    root.classList.toggle('light', appearance === 'light');
  }, [appearance]);

  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      <LanguagePreferenceSync />
      <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium">
        {children}
      </Theme>
    </IntlProvider>
  );
}
