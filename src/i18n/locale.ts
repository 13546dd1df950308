// Picks the interface language (the stored choice, else the browser's, else English) and holds
// the message catalogues. Feature work in progress may keep its strings in parts/*.{en,cs}.json
// until they are folded into en.json and cs.json.
import en from './en.json';
import cs from './cs.json';

type Catalogue = Record<string, string>;
const parts = import.meta.glob<Catalogue>('./parts/*.json', { eager: true, import: 'default' });
const partsFor = (locale: string) =>
  Object.entries(parts)
    .filter(([file]) => file.endsWith(`.${locale}.json`))
    .reduce<Catalogue>((all, [, messages]) => ({ ...all, ...messages }), {});

export const MESSAGES: Record<'en' | 'cs', Catalogue> = {
  en: { ...partsFor('en'), ...en },
  cs: { ...partsFor('cs'), ...cs },
};
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

export function storeLocale(storage: Pick<Storage, 'setItem'>, locale: Locale) {
  storage.setItem(STORAGE_KEY, locale);
}
