// The interface language: stored choice, else the browser's, else English; and, for the
// language preference sync, the user's last explicit choice and a way to apply the server's.
import { atom } from '../store';
import { initialLocale, storeLocale, type Locale } from '../../i18n/locale';

const browserStorage = typeof window !== 'undefined' ? window.localStorage : undefined;
const browserLanguages = typeof navigator !== 'undefined' ? navigator.languages : [];

const localeValueAtom = atom<Locale>(initialLocale(browserStorage, browserLanguages));

/** The last language the user chose (a new object per choice), for saving it to the account. */
export const localeChoiceAtom = atom<{ locale: Locale } | null>(null);

/** Reading gives the current locale; writing is the user's choice: stored locally and announced. */
export const localeAtom = atom(
  (get) => get(localeValueAtom),
  (_get, set, next: Locale) => {
    if (browserStorage) storeLocale(browserStorage, next);
    set(localeValueAtom, next);
    set(localeChoiceAtom, { locale: next });
  },
);

/** Applies the account's saved language: neither stored on this device nor sent back. */
export const serverLocaleAtom = atom(null, (_get, set, next: Locale) => {
  set(localeValueAtom, next);
});
