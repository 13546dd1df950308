// Reads a Copilot question without a model: its language, a direct request ('open …',
// 'search …', 'přelož … do angličtiny' with its target language), the provision it names
// ('čl. 54', '§ 10a', 'article 6'), law numbers ('1/1993')
// and the words worth searching for, folded and stemmed.
import { foldForSearch } from '../../src/shared/search-keys.js';
import { parseTargetLanguage } from './target-language.js';
import { wordStem } from '../search/word-stem.js';

export type AnswerLanguage = 'cs' | 'en';
export type Intent = 'open' | 'search' | 'translate' | 'ask';

export interface CiteKeyRequest {
  kind: 'article' | 'section';
  /** '54', '10a'. */
  number: string;
  /** 'odst. 2' of it, when named. */
  paragraph?: string;
  /** How the answer names it when nothing is found: 'čl. 54', '§ 10a'. */
  display: string;
}

export interface ParsedQuestion {
  language: AnswerLanguage;
  intent: Intent;
  /** The question without the command word ('search <words>' → '<words>'). */
  text: string;
  citeKey?: CiteKeyRequest;
  /** Law numbers as written: '1/1993', '89/2012', '2016/679', CELEX '32016R0679'. */
  numbers: string[];
  /** Folded stems of the meaningful words, in question order, at most MAX_TERMS. */
  terms: string[];
  /** The meaningful words themselves (folded), for the full-text search, which stems them its own way. */
  words: string[];
  /** Title phrases (folded) the question names by a common name: 'ústavy' → 'ustava ceske republiky'. */
  titlePhrases: string[];
  /** translate: the target's ISO code ('do angličtiny' → 'en'), when the phrase names a known language. */
  targetLanguage?: string;
  /** translate: the word where a language belongs that names none known ('do klingonštiny'). */
  unknownLanguage?: string;
}

const MAX_TERMS = 8;

const OPEN =
  /^\s*(?:open|show|go\s+to|otev[řr]i|otev[řr]ít|otevrit|uka[žz]|uka[žz]te|zobraz|jdi\s+na|p[řr]ejdi\s+na)(?![\p{L}\p{N}])[\s:,]*/iu;
const SEARCH =
  /^\s*(?:search|find|look\s+up|hledej|vyhledej|vyhledat|najdi|hledat)(?![\p{L}\p{N}])(?:\s+for)?[\s:,]*/iu;
// 'přelož', 'přeložte', 'přeložit', 'translate', after a polite start ('prosím', 'could you').
const TRANSLATE =
  /^\s*(?:(?:pros[íi]m|please|(?:can|could|would)\s+you|mohl[a]?\s+by(?:s|ste)|m[ůu][žz]e(?:š|s|te))[\s,]+)?(?:p[řr]elo[žz](?:te|it|[íi][šs])?|translate)(?![\p{L}\p{N}])[\s:,]*/iu;

// Article markers of Czech ('čl.', 'článek 54', 'článku 54') and other languages; sections '§ 10a'.
const ARTICLE =
  /(?<![\p{L}])(?:čl|cl|článe?k|článku|článkem|clanek|clanku|art|article|artikel|articolo|artículo|artigo)\.?\s*(\d{1,4}[a-z]?)(?![\p{L}\p{N}])/iu;
const SECTION = /(?:§|(?<![\p{L}])(?:paragraf[ua]?|par\.))\s*(\d{1,4}[a-z]?)(?![\p{L}\p{N}])/iu;
const PARAGRAPH =
  /(?<![\p{L}])(?:odst\.?|odstavec|odstavce|odstavci|paragraph|par\.)\s*(\d{1,3})(?!\d)|^\s*\((\d{1,3})\)/iu;
const LAW_NUMBER =
  /(?<![\d/])(\d{1,4}\s*\/\s*\d{1,4})(?![\d/])|(?<![\p{L}\p{N}])([1-9]\d{4}[A-Z]\d{4})(?![\p{L}\p{N}])/gu;

const CZECH_LETTERS = /[ěščřžýáíéůúťďň]/i;
const CZECH_WORDS = new Set([
  'co',
  'je',
  'jak',
  'kde',
  'kdy',
  'ktery',
  'ktera',
  'ktere',
  'rika',
  'stanovi',
  'podle',
  'zakon',
  'zakona',
  'zakonu',
  'hledej',
  'najdi',
  'otevri',
  'ukaz',
  'preloz',
  'clanek',
  'cl',
  'odst',
  'sb',
  'ustava',
  'ustavy',
  'prosim',
  'muze',
  'musi',
]);

const STOP_WORDS = new Set([
  // Czech
  'a',
  'aby',
  'ale',
  'ani',
  'by',
  'byt',
  'co',
  'do',
  'i',
  'jak',
  'jake',
  'jaky',
  'jaka',
  'je',
  'jsou',
  'k',
  'ke',
  'kde',
  'kdo',
  'kdy',
  'ktera',
  'ktere',
  'ktery',
  'kterych',
  'mi',
  'me',
  'mne',
  'na',
  'nad',
  'o',
  'od',
  'po',
  'pod',
  'pri',
  'pro',
  'prosim',
  'rika',
  'rikaji',
  'rikat',
  'rekni',
  'stanovi',
  'stanovuje',
  'upravuje',
  'uvadi',
  'podle',
  's',
  'se',
  'si',
  'ta',
  'tak',
  'te',
  'ten',
  'to',
  'tom',
  'u',
  'v',
  've',
  'z',
  'za',
  'ze',
  'zda',
  'jestli',
  'muze',
  'musi',
  'lze',
  'cl',
  'clanek',
  'clanku',
  'odst',
  'odstavec',
  'pism',
  'sb',
  'zakon',
  'zakona',
  'zakonu',
  'zakone',
  'paragraf',
  'ustanoveni',
  'text',
  'znent',
  'zneni',
  'najdi',
  'hledej',
  'vyhledej',
  'otevri',
  'ukaz',
  'zobraz',
  'cem',
  'jaky',
  // English
  'about',
  'an',
  'and',
  'are',
  'article',
  'as',
  'at',
  'be',
  'by',
  'can',
  'does',
  'do',
  'for',
  'from',
  'how',
  'in',
  'is',
  'it',
  'law',
  'me',
  'of',
  'on',
  'or',
  'please',
  'say',
  'says',
  'section',
  'show',
  'tell',
  'that',
  'the',
  'this',
  'to',
  'what',
  'when',
  'where',
  'which',
  'who',
  'with',
  'open',
  'search',
  'find',
  'act',
  'provision',
]);

// Common names of works, by the stem people use: 'ústava/ústavy/ústavě' is the Constitution.
const TITLE_ALIASES: Record<string, string> = {
  ustav: 'ustava ceske republiky',
  constitution: 'ustava ceske republiky',
  listin: 'listina zakladnich prav a svobod',
};

export function parseQuestion(question: string): ParsedQuestion {
  let text = question.trim();
  let intent: Intent = 'ask';
  const open = OPEN.exec(text);
  const search = open ? null : SEARCH.exec(text);
  const translate = open || search ? null : TRANSLATE.exec(text);
  let target: ReturnType<typeof parseTargetLanguage> | undefined;
  if (open) {
    intent = 'open';
    text = text.slice(open[0].length);
  } else if (search) {
    intent = 'search';
    text = text.slice(search[0].length);
  } else if (translate) {
    intent = 'translate';
    // The language phrase is no search word ('angličtiny' would look for an English title).
    target = parseTargetLanguage(text.slice(translate[0].length));
    text = target.rest;
  }

  const folded = foldForSearch(question);
  const czech = CZECH_LETTERS.test(question) || folded.split(' ').some((word) => CZECH_WORDS.has(word));
  const language: AnswerLanguage = czech ? 'cs' : 'en';

  let citeKey: CiteKeyRequest | undefined;
  let rest = text;
  const section = SECTION.exec(rest);
  const article = section ? null : ARTICLE.exec(rest);
  if (section || article) {
    const match = (section ?? article)!;
    const number = match[1]!.toLowerCase();
    citeKey = section
      ? { kind: 'section', number, display: `§ ${number}` }
      : { kind: 'article', number, display: language === 'cs' ? `čl. ${number}` : `Article ${number}` };
    rest = rest.slice(0, match.index) + ' ' + rest.slice(match.index + match[0].length);
    const paragraph = PARAGRAPH.exec(rest.slice(match.index));
    if (paragraph) {
      citeKey.paragraph = paragraph[1] ?? paragraph[2];
      const at = match.index + paragraph.index;
      rest = rest.slice(0, at) + ' ' + rest.slice(at + paragraph[0].length);
    }
  }

  const numbers: string[] = [];
  rest = rest.replace(LAW_NUMBER, (found: string) => {
    numbers.push(found.replace(/\s+/g, ''));
    return ' ';
  });

  const words = foldForSearch(rest)
    .split(' ')
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !/^\d+$/.test(word) && !word.includes('/'));
  const terms = [...new Set(words.map(wordStem))].slice(0, MAX_TERMS);
  const searchWords = [...new Set(words)].filter((word) => terms.includes(wordStem(word)));
  const titlePhrases = [
    ...new Set(terms.map((term) => TITLE_ALIASES[term]).filter((phrase): phrase is string => !!phrase)),
  ];
  return {
    language,
    intent,
    text: text.trim(),
    citeKey,
    numbers,
    terms,
    words: searchWords,
    titlePhrases,
    ...(target?.code ? { targetLanguage: target.code } : {}),
    ...(target?.unknown ? { unknownLanguage: target.unknown } : {}),
  };
}

/** The provision's cite key as a case-insensitive PostgreSQL pattern over nodes.cite_key. */
export function citeKeyPattern(request: { kind: 'article' | 'section' | 'paragraph'; number: string }): string {
  const number = request.number.replace(/[^0-9a-z]/gi, '');
  if (request.kind === 'section') return `^§\\s*${number}$`;
  if (request.kind === 'paragraph') return `^(odst\\.?|\\(?)\\s*${number}\\)?$`;
  return `^(čl|cl|článek|art|article|artikel|articolo|artículo|artigo|άρθρο)\\.?\\s*${number}\\.?$`;
}
