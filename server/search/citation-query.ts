// A query read as a citation: an act's number ('1/93', '284/2023 Sb.', CELEX '32016R0679'), a
// provision ('čl. 54', '§ 2 odst. 1 písm. a', 'Article 5(1)') and the words left, which may be a
// short name ('ústavy', 'GDPR'). Pure: resolve-citation.ts looks the parts up.
import { foldedWords } from './parse-query.js';
import { STOP_WORDS } from './stop-words.js';

export type ProvisionKind = 'article' | 'section' | 'paragraph' | 'letter' | 'point';

export interface ProvisionRef {
  kind: ProvisionKind;
  /** Lowercase: '54', '10a', 'a'. */
  label: string;
}

export interface CitationQuery {
  /** A Czech act: '1/1993 Sb.' as the library's external_key ('1/1993sb'). */
  czechKey?: string;
  /** A CELEX number, upper case. */
  celex?: string;
  /** Provision parts in the order typed (article or section first). */
  provision: ProvisionRef[];
  /** Whether the provision markers were Czech (čl., §) or another language's (Article, Art.). */
  provisionStyle?: 'cz' | 'other';
  /** The folded words left once the number and provision are taken (a short name, perhaps). */
  nameWords: string[];
  /** The text read as number and provision. */
  matched: string[];
}

/** Lowercase, accents stripped, '§' and brackets kept. */
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

const CELEX = /\b([0-9ce]\d{4}[a-z]{1,2}\d{3,4})(\(\d{2}\))?(?![\p{L}\p{N}])/u;
const CZECH_NUMBER = /(?<![\p{L}\p{N}/])(\d{1,4})\s*\/\s*(\d{4}|\d{2})(?![\p{N}/])(\s*sb\.?(?![\p{L}]))?/u;
/** 'Article 5(1)(a)': the paragraph and letter in brackets. */
const BRACKETS = String.raw`(?:\s*\((\d+)\))?(?:\s*\(([a-z])\))?`;
const ARTICLE = new RegExp(
  String.raw`(?<![\p{L}])(cl|clanek|clanku|clankem|clanky|art|article|articles|artikel|articolo)\b\.?\s*(\d+[a-z]?)\b` +
    BRACKETS,
  'u',
);
const SECTION = new RegExp(
  String.raw`(§+|(?<![\p{L}])(?:paragraf|paragrafu|paragrafem)\b)\s*(\d+[a-z]?)\b` + BRACKETS,
  'u',
);
const PARAGRAPH = /(?<![\p{L}])(?:odst|odstavec|odstavce|odstavci|abs|absatz|comma|paragraph|para)\b\.?\s*\(?(\d+)\)?/u;
const LETTER = /(?<![\p{L}])(?:pism|pismeno|pismena|lit|letter|lettera)\b\.?\s*\(?([a-z])\b\)?/u;
const POINT = /(?<![\p{L}])(?:bod|bodu|point|punto|nummer|nr)\b\.?\s*(\d+)\b/u;

/** Words that only join a number or provision to the act's name ('§ 2 zákona č. 284/2023 Sb.'). */
const CONNECTIVES = new Set([
  'zakon',
  'zakona',
  'zakonu',
  'zakonem',
  'ustavni',
  'ustavniho',
  'c',
  'cislo',
  'sb',
  'sbirky',
  'ze',
  'dne',
  'narizeni',
  'smernice',
  'rozhodnuti',
  'regulation',
  'directive',
  'decision',
  'eu',
  'ec',
  'eg',
  'ue',
  'celex',
]);

function twoDigitYear(year: string): number {
  if (year.length === 4) return Number(year);
  const value = Number(year);
  const thisYear = new Date().getUTCFullYear() % 100;
  return value <= thisYear ? 2000 + value : 1900 + value;
}

export function parseCitation(query: string): CitationQuery {
  let text = normalize(query);
  const result: CitationQuery = { provision: [], nameWords: [], matched: [] };
  const take = (pattern: RegExp): RegExpExecArray | undefined => {
    const match = pattern.exec(text);
    if (!match) return undefined;
    result.matched.push(query.slice(match.index, match.index + match[0].length).trim());
    // Same length, so later matches still map onto the original query.
    text = text.slice(0, match.index) + ' '.repeat(match[0].length) + text.slice(match.index + match[0].length);
    return match;
  };

  const celex = take(CELEX);
  if (celex) result.celex = (celex[1]! + (celex[2] ?? '')).toUpperCase();
  const number = take(CZECH_NUMBER);
  if (number) {
    const year = twoDigitYear(number[2]!);
    if (year >= 1918 && year <= 2100) result.czechKey = `${Number(number[1])}/${year}sb`;
  }
  const article = take(ARTICLE);
  const section = article ? undefined : take(SECTION);
  const head = article ?? section;
  if (head) {
    result.provision.push({ kind: article ? 'article' : 'section', label: head[2]! });
    result.provisionStyle = article && !article[1]!.startsWith('cl') ? 'other' : 'cz';
    if (head[3]) result.provision.push({ kind: 'paragraph', label: head[3] });
    if (head[4]) result.provision.push({ kind: 'letter', label: head[4] });
    const paragraph = head[3] ? undefined : take(PARAGRAPH);
    if (paragraph) result.provision.push({ kind: 'paragraph', label: paragraph[1]! });
    const letter = head[4] ? undefined : take(LETTER);
    if (letter) result.provision.push({ kind: 'letter', label: letter[1]! });
    const point = take(POINT);
    if (point) result.provision.push({ kind: 'point', label: point[1]! });
  }
  const hasAct = result.czechKey !== undefined || result.celex !== undefined;
  result.nameWords = foldedWords(text).filter(
    (word) => !STOP_WORDS.has(word) && !((hasAct || result.provision.length > 0) && CONNECTIVES.has(word)),
  );
  return result;
}

/** Whether anything of the query reads as a citation (a number or a provision). */
export const isCitation = (citation: CitationQuery) =>
  citation.czechKey !== undefined || citation.celex !== undefined || citation.provision.length > 0;
