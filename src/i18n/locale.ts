// Picks the interface language (the stored choice, else the browser's, else English) and holds
// the message catalogues.
import en from './en.json';
import cs from './cs.json';

type Catalogue = Record<string, string>;

export const MESSAGES: Record<'en' | 'cs', Catalogue> = { en, cs };
export type Locale = keyof typeof MESSAGES;
export const LOCALES: Locale[] = ['en', 'cs'];
const STORAGE_KEY = 'lexhub.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as string[]).includes(value);
}

export function initialLocale(storage: Pick<Storage, 'getItem'> | undefined, browserLanguages: readonly string[]): Locale {
  const stored = storage?.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const browser = browserLanguages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLocale);
  return browser ?? 'en';
}

/** Whether the user chose an interface language on this device (the server's is then ignored). */
export function hasStoredLocale(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  return isLocale(storage?.getItem(STORAGE_KEY));
}

export function storeLocale(storage: Pick<Storage, 'setItem'>, locale: Locale) {
  storage.setItem(STORAGE_KEY, locale);
}
