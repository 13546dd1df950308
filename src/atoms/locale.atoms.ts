// The interface language: stored choice, else the browser's, else English.
import { atom } from 'jotai';
import { initialLocale, storeLocale, type Locale } from '../i18n/locale';

const browserStorage = typeof window !== 'undefined' ? window.localStorage : undefined;
const browserLanguages = typeof navigator !== 'undefined' ? navigator.languages : [];

const localeValueAtom = atom<Locale>(initialLocale(browserStorage, browserLanguages));

/** Reading gives the current locale; writing stores the choice locally. */
export const localeAtom = atom(
  (get) => get(localeValueAtom),
  (_get, set, next: Locale) => {
    if (browserStorage) storeLocale(browserStorage, next);
    set(localeValueAtom, next);
  },
);
