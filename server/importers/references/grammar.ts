// The shape of a language's reference grammar (keywords, token shapes, connectors, external
// qualifiers) and its compilation into a few regexes, done once per language.

/** What a keyword names. 'ignore' parts (German 'Satz 2', Czech 'věty první') widen the span only. */
export type Level = 'article' | 'paragraph' | 'clause' | 'ignore';

/** How the number after a keyword is written. */
export type Shape =
  | 'article' // 54, 10a, 12-bis, I, 21.25
  | 'germanSection' // 90a, and the older spaced '90 a'
  | 'number' // 2, 2a
  | 'letterParen' // b), ch)
  | 'letterBare' // b (German 'lit. b')
  | 'paren' // (a), (ii), (1)
  | 'degree' // 3° (French)
  | 'none'; // the keyword pattern holds everything (ignore parts)

export interface KeywordSpec {
  level: Level;
  /** Regex source of the keyword; no capturing groups. */
  pattern: string;
  /** Token shapes tried in order after the keyword. */
  shapes: readonly Shape[];
  /** False for keywords that only continue a reference (German 'Nr.', which alone is a document number). */
  standalone: boolean;
}

/** Regex sources a language supplies. */
export interface LanguageTable {
  keywords: readonly KeywordSpec[];
  /** Range words between two tokens ('až', 'to', 'bis'); dashes are added for every language. */
  rangeWords: readonly string[];
  /** List words ('a', 'nebo', 'and'); a comma alone is added for every language. */
  listWords: readonly string[];
  /** 'point (a) OF paragraph 1': introduces the enclosing unit after the inner one. */
  inversion?: string;
  /** Matches right after a reference that points into another act. */
  external: string;
}

export interface Grammar {
  readonly specs: readonly KeywordSpec[];
  /** Global: finds the next keyword anywhere. */
  readonly keywordScan: RegExp;
  /** Sticky: a keyword exactly here. */
  readonly keywordAt: RegExp;
  /** Sticky; group 1 = range, group 2 = list word, group 3 = bare comma. */
  readonly connector: RegExp;
  /** Sticky, or null when the language has no inverted form. */
  readonly inversion: RegExp | null;
  /** Sticky: an external-act qualifier right here. */
  readonly external: RegExp;
}

// Keywords never start inside a word ('bod' in 'svobodu').
const WORD_START = '(?<![\\p{L}\\p{N}])';

export function compileGrammar(table: LanguageTable): Grammar {
  const keywords = `${WORD_START}(?:${table.keywords.map((spec) => `(${spec.pattern})`).join('|')})`;
  const range = ['\\s*[-–]\\s*', ...table.rangeWords.map((word) => `\\s+${word}\\s+`)].join('|');
  const list = `\\s*,?\\s+(?:${table.listWords.join('|')})\\s+`;
  return {
    specs: table.keywords,
    keywordScan: new RegExp(keywords, 'giu'),
    keywordAt: new RegExp(keywords, 'iuy'),
    connector: new RegExp(`(${range})|(${list})|(\\s*,\\s*)`, 'uy'),
    inversion: table.inversion ? new RegExp(table.inversion, 'uy') : null,
    external: new RegExp(table.external, 'uy'),
  };
}

/** Which keyword spec a keyword match came from (one capturing group per spec). */
export function specOf(grammar: Grammar, match: RegExpExecArray): KeywordSpec | null {
  for (let group = 1; group < match.length; group++) {
    if (match[group] !== undefined) return grammar.specs[group - 1] ?? null;
  }
  return null;
}

// A token must not run into a word or a number ('10a' yes, '1/1993' and '1.1.2020' no).
const TOKEN_END = '(?![\\p{L}\\p{N}]|[./]\\d)';
// Latin insertion suffixes: 12-bis, 12-ter, 12-quater, 102-duodecies, 2-terdecies.
const ITALIAN_SUFFIX = '-?(?:bis|ter|quater|[a-z]+ies)';

const SHAPE_SOURCES: Record<Shape, string> = {
  // 'Article 21.25', 'Article XXIV.6': trade agreements number articles by chapter.
  article: `\\s*((?:\\d+(?:${ITALIAN_SUFFIX}|[a-z]{1,2})?|[IVXLCDM]+)(?:\\.\\d+)*)${TOKEN_END}`,
  germanSection: `\\s*(\\d+(?:\\s?[a-z])?)${TOKEN_END}`,
  number: `\\s*(\\d+(?:${ITALIAN_SUFFIX}|[a-z])?)${TOKEN_END}`,
  letterParen: '\\s*([a-z]{1,2})\\)',
  letterBare: '\\s*([a-z])(?![\\p{L}\\p{N})])',
  paren: '\\s*\\(([ivxlc]+|[a-z]{1,2}|\\d+[a-z]?)\\)',
  degree: '\\s*(\\d+)°',
  none: '()',
};

/** Sticky token regexes, one per shape, shared by every language. */
export const SHAPE_PATTERNS: Readonly<Record<Shape, RegExp>> = Object.fromEntries(
  Object.entries(SHAPE_SOURCES).map(([shape, source]) => [shape, new RegExp(source, 'uy')]),
) as Record<Shape, RegExp>;

/** EU style '5(1)(a)': a parenthesised part glued to the previous token. */
export const GLUED_PAREN = /\(([ivxlc]+|[a-z]{1,2}|\d+[a-z]?)\)/uy;

/** Between an enclosing part and a deeper one: '§ 12 odst. 3', 'Article 5, paragraph 1'. */
export const DEEPER_SEPARATOR = /,?\s+/uy;
