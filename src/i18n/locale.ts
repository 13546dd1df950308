// Picks the interface language: the stored choice, else the browser's, else English. The
// catalogues themselves load per language (catalogues.ts).
export const LOCALES = ['en', 'cs'] as const;
export type Locale = (typeof LOCALES)[number];
const STORAGE_KEY = 'lexhub.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined,
  browserLanguages: readonly string[],
): Locale {
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
  // The server renders the first screen in it too (server/http/rendered-pages.ts).
  if (typeof document !== 'undefined')
    document.cookie = `lexhub_locale=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
