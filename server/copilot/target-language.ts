// The target language a translate request names, in Czech or English: 'do angličtiny',
// 'na němčinu', 'anglicky', 'into English', 'to German', 'do en'; mapped to the ISO 639-1 code of
// the `languages` table, and named back in the answer ('do angličtiny', 'into English').
import { foldForSearch } from '../../src/shared/search-keys.js';

interface LanguageNames {
  /** Folded stems of the Czech noun (every case: 'anglictin' for angličtina/-y/-u/-ou/-ě). */
  noun: string;
  /** The folded Czech adverb: 'anglicky'. */
  adverb: string;
  /** English names, lower case. */
  english: string[];
  /** For the answer: the Czech genitive after 'do' and the English name. */
  cs: string;
  en: string;
}

const LANGUAGES: Record<string, LanguageNames> = {
  en: { noun: 'anglictin', adverb: 'anglicky', english: ['english'], cs: 'angličtiny', en: 'English' },
  de: { noun: 'nemcin', adverb: 'nemecky', english: ['german', 'deutsch'], cs: 'němčiny', en: 'German' },
  fr: { noun: 'francouzstin', adverb: 'francouzsky', english: ['french'], cs: 'francouzštiny', en: 'French' },
  sk: { noun: 'slovenstin', adverb: 'slovensky', english: ['slovak'], cs: 'slovenštiny', en: 'Slovak' },
  pl: { noun: 'polstin', adverb: 'polsky', english: ['polish'], cs: 'polštiny', en: 'Polish' },
  cs: { noun: 'cestin', adverb: 'cesky', english: ['czech'], cs: 'češtiny', en: 'Czech' },
  it: { noun: 'italstin', adverb: 'italsky', english: ['italian'], cs: 'italštiny', en: 'Italian' },
  es: { noun: 'spanelstin', adverb: 'spanelsky', english: ['spanish'], cs: 'španělštiny', en: 'Spanish' },
  pt: { noun: 'portugalstin', adverb: 'portugalsky', english: ['portuguese'], cs: 'portugalštiny', en: 'Portuguese' },
  nl: { noun: 'nizozemstin', adverb: 'nizozemsky', english: ['dutch'], cs: 'nizozemštiny', en: 'Dutch' },
  da: { noun: 'danstin', adverb: 'dansky', english: ['danish'], cs: 'dánštiny', en: 'Danish' },
  sv: { noun: 'svedstin', adverb: 'svedsky', english: ['swedish'], cs: 'švédštiny', en: 'Swedish' },
  fi: { noun: 'finstin', adverb: 'finsky', english: ['finnish'], cs: 'finštiny', en: 'Finnish' },
  et: { noun: 'estonstin', adverb: 'estonsky', english: ['estonian'], cs: 'estonštiny', en: 'Estonian' },
  lv: { noun: 'lotystin', adverb: 'lotyssky', english: ['latvian'], cs: 'lotyštiny', en: 'Latvian' },
  lt: { noun: 'litevstin', adverb: 'litevsky', english: ['lithuanian'], cs: 'litevštiny', en: 'Lithuanian' },
  hu: { noun: 'madarstin', adverb: 'madarsky', english: ['hungarian'], cs: 'maďarštiny', en: 'Hungarian' },
  sl: {
    noun: 'slovinstin',
    adverb: 'slovinsky',
    english: ['slovenian', 'slovene'],
    cs: 'slovinštiny',
    en: 'Slovenian',
  },
  hr: { noun: 'chorvatstin', adverb: 'chorvatsky', english: ['croatian'], cs: 'chorvatštiny', en: 'Croatian' },
  ro: { noun: 'rumunstin', adverb: 'rumunsky', english: ['romanian'], cs: 'rumunštiny', en: 'Romanian' },
  bg: { noun: 'bulharstin', adverb: 'bulharsky', english: ['bulgarian'], cs: 'bulharštiny', en: 'Bulgarian' },
  el: { noun: 'rectin', adverb: 'recky', english: ['greek'], cs: 'řečtiny', en: 'Greek' },
  mt: { noun: 'maltstin', adverb: 'maltsky', english: ['maltese'], cs: 'maltštiny', en: 'Maltese' },
  ga: { noun: 'irstin', adverb: 'irsky', english: ['irish'], cs: 'irštiny', en: 'Irish' },
  uk: { noun: 'ukrajinstin', adverb: 'ukrajinsky', english: ['ukrainian'], cs: 'ukrajinštiny', en: 'Ukrainian' },
  ru: { noun: 'rustin', adverb: 'rusky', english: ['russian'], cs: 'ruštiny', en: 'Russian' },
  no: { noun: 'norstin', adverb: 'norsky', english: ['norwegian'], cs: 'norštiny', en: 'Norwegian' },
  is: { noun: 'islandstin', adverb: 'islandsky', english: ['icelandic'], cs: 'islandštiny', en: 'Icelandic' },
  la: { noun: 'latin', adverb: 'latinsky', english: ['latin'], cs: 'latiny', en: 'Latin' },
};

/** The ISO code a single word names ('angličtiny', 'English', 'němčinu', 'de'), if any. */
export function languageCodeOf(word: string): string | undefined {
  const folded = foldForSearch(word);
  if (Object.hasOwn(LANGUAGES, folded)) return folded;
  for (const [code, names] of Object.entries(LANGUAGES)) {
    if (folded.startsWith(names.noun) || folded === names.adverb || names.english.includes(folded)) return code;
  }
  return undefined;
}

/** How an answer names the target: 'angličtiny' (after 'do') or 'English'; an unknown code as is. */
export function languageName(code: string, language: 'cs' | 'en'): string {
  return LANGUAGES[code]?.[language] ?? code;
}

/** Names of a few common targets, for the answer that asks for one. */
export const COMMON_TARGETS = ['en', 'de', 'fr', 'sk', 'pl'];

export interface TargetRequest {
  /** The ISO code when the phrase names a known language. */
  code?: string;
  /** The word that stood where a language belongs but names none we know ('do klingonštiny'). */
  unknown?: string;
  /** The request without the language phrase. */
  rest: string;
}

// 'do angličtiny', 'na angličtinu', 'v angličtině', 'into English', 'to German', 'in French'.
const PHRASE = /(?<![\p{L}\p{N}])(do|na|ve?|into|to|in)\s+(\p{L}+)(?![\p{L}\p{N}])/giu;
// Where an unknown word after the preposition can only mean a language.
const LANGUAGE_ONLY = new Set(['do', 'into']);
const WORD = /(?<![\p{L}\p{N}])\p{L}+(?![\p{L}\p{N}])/gu;

/** The target language a translate request names, and the request without it. */
export function parseTargetLanguage(text: string): TargetRequest {
  let unknown: { word: string; index: number; length: number } | undefined;
  for (const match of text.matchAll(PHRASE)) {
    const code = languageCodeOf(match[2]!);
    if (code) return { code, rest: cutOut(text, match.index, match[0].length) };
    if (!unknown && LANGUAGE_ONLY.has(match[1]!.toLowerCase()) && !/^\p{Lu}{1,3}$/u.test(match[2]!))
      unknown = { word: match[2]!, index: match.index, length: match[0].length };
  }
  // 'přelož čl. 54 anglicky': an adverb or a bare English name anywhere.
  for (const match of text.matchAll(WORD)) {
    const folded = foldForSearch(match[0]);
    const code = Object.entries(LANGUAGES).find(
      ([, names]) => folded === names.adverb || names.english.includes(folded),
    )?.[0];
    if (code) return { code, rest: cutOut(text, match.index, match[0].length) };
  }
  if (unknown) return { unknown: unknown.word, rest: cutOut(text, unknown.index, unknown.length) };
  return { rest: text };
}

const cutOut = (text: string, index: number, length: number) =>
  `${text.slice(0, index)} ${text.slice(index + length)}`.replace(/\s{2,}/g, ' ').trim();
