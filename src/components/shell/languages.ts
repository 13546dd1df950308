// Pure helpers for the language dialog: the search filter and a flag for each language.
import type { LanguageOption } from '../../machines/accounts/language-dialog.machine';

/** Lowercase without accents, so 'cestina' finds 'Čeština' and 'češ' still finds it too. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

/** Languages whose English name, native name or code contains the query. */
export function filterLanguages<T extends LanguageOption>(languages: readonly T[], query: string): T[] {
  const wanted = fold(query.trim());
  if (!wanted) return [...languages];
  return languages.filter((language) =>
    [language.name, language.native_name, language.code].some((field) => fold(field).includes(wanted)),
  );
}

// The country whose flag stands for a language (English: the United Kingdom).
const FLAG_REGION: Record<string, string> = {
  bg: 'BG',
  cs: 'CZ',
  da: 'DK',
  de: 'DE',
  el: 'GR',
  en: 'GB',
  es: 'ES',
  et: 'EE',
  fi: 'FI',
  fr: 'FR',
  ga: 'IE',
  hr: 'HR',
  hu: 'HU',
  it: 'IT',
  lt: 'LT',
  lv: 'LV',
  mt: 'MT',
  nl: 'NL',
  pl: 'PL',
  pt: 'PT',
  ro: 'RO',
  sk: 'SK',
  sl: 'SI',
  sv: 'SE',
  uk: 'UA',
};

/** An emoji flag (two regional indicator letters), or a globe for a language with no country. */
export function flagOf(code: string): string {
  const region = FLAG_REGION[code.toLowerCase()];
  if (!region) return '🌐';
  return String.fromCodePoint(...[...region].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
