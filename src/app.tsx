// The app root: interface language and the screen.
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { initialLocale, MESSAGES, storeLocale, type Locale } from './i18n/locale';
import { HomeScreen } from './screens/home/home.screen';
import { setApiLanguage } from './api/client';

export function App() {
  const [locale, setLocale] = useState<Locale>(() => initialLocale(window.localStorage, navigator.languages));
  document.documentElement.lang = locale;
  setApiLanguage(locale);

  const choose = (next: Locale) => {
    storeLocale(window.localStorage, next);
    setLocale(next);
  };

  return (
    <IntlProvider locale={locale} messages={MESSAGES[locale]} defaultLocale="en">
      <nav className="language-switch" aria-label={MESSAGES[locale]['language.label']}>
        {(Object.keys(MESSAGES) as Locale[]).map((code) => (
          <button key={code} type="button" aria-pressed={code === locale} onClick={() => choose(code)}>
            {code.toUpperCase()}
          </button>
        ))}
      </nav>
      <HomeScreen />
    </IntlProvider>
  );
}
