// Reference keywords per language: Czech/Slovak and English in depth, German, Italian and French
// best effort. Each table is compiled once, on first use.
import { compileGrammar, type Grammar, type KeywordSpec, type LanguageTable, type Shape } from './grammar.js';

// A whole word, not the start of a longer one ('bodu' yes, 'bodový' no).
const word = (alternatives: string): string => `(?:${alternatives})(?!\\p{L})`;

const article = (pattern: string, shapes: Shape[] = ['article']): KeywordSpec => ({
  level: 'article',
  pattern,
  shapes,
  standalone: true,
});
const paragraph = (pattern: string): KeywordSpec => ({
  level: 'paragraph',
  pattern,
  shapes: ['number'],
  standalone: true,
});
const clause = (pattern: string, shapes: Shape[], standalone = true): KeywordSpec => ({
  level: 'clause',
  pattern,
  shapes,
  standalone,
});
/** Widens the span, never resolves, never starts a reference. */
const ignored = (pattern: string): KeywordSpec => ({ level: 'ignore', pattern, shapes: ['none'], standalone: false });

const CZECH: LanguageTable = {
  keywords: [
    article('§§?'),
    article('čl\\.'),
    article(word('člán(?:ek|ku|kem|ky|ků|cích|kům|ok|kom|kov|koch)')),
    paragraph('odst\\.|ods\\.'),
    paragraph(word('odstav(?:ec|ce|ci|cem|ců|cích|cům|cemi)|odse(?:k|ku|kom|ky|kov|koch)')),
    clause(`písm\\.|${word('písmen(?:o|e|u|em|a|ech|ům|y|ách)?')}`, ['letterParen']),
    clause(word('bod(?:u|em|y|ů|ech|ě|e|ům|mi|och)?'), ['number']),
    ignored(
      word('vět(?:a|y|ě|u|ou)\\s+(?:první|druhé|třetí|čtvrté|páté|šesté|poslední|prvej|druhej|tretej|poslednej)'),
    ),
  ],
  rangeWords: ['až'],
  listWords: ['a', 'nebo', 'anebo', 'či', 'alebo'],
  // 'zákona č. 89/2012 Sb.', 'občanského soudního řádu', 'nařízení (EU)', 'Listiny', 'zák. č.', 'vyhl. č.';
  // 'tohoto zákona' does not match: only act nouns, optionally after a genitive adjective.
  external:
    '\\s+(?:(?:téhož|citovaného|uvedeného|\\p{L}+(?:ého|ího|ské|cké|ých))\\s+){0,2}' +
    '(?:zák\\.|zákon(?:a|ů|íku|íků)|zákonného\\s+opatření|řádu|nařízení|směrnic(?:e|í)|vyhlášky|vyhlášek|[Úú]stavy|[Ll]istiny|' +
    '[Úú]mluvy|[Ss]mlouvy|[Dd]ohody|předpisu|předpisů|Sb\\.)(?!\\p{L})' +
    '|\\s+(?:č\\.\\s*\\d+/\\d{2,4}|vyhl\\.|nař\\.\\s*vl\\.)',
};

const ENGLISH: LanguageTable = {
  keywords: [
    article(word('Articles?') + '|Arts?\\.'),
    paragraph(word('paragraphs?') + '|paras?\\.'),
    clause(word('points?'), ['paren', 'number']),
    clause(word('subparagraphs?'), ['paren']),
  ],
  rangeWords: ['to'],
  listWords: ['and', 'or', 'and/or'],
  inversion: '\\s+of\\s+(?:the\\s+(?:first|second|third|fourth|fifth|last)\\s+subparagraph\\s+of\\s+)?',
  // 'of Regulation (EU) No …', 'of the Agreement', 'of the 1995 Agreement', 'thereof', 'TFEU';
  // not 'of this Regulation' and not a part of the same act ('of Annex I').
  external:
    '\\s+(?:of\\s+(?!this\\b|these\\b|the\\s+present\\b)(?:(?:the|that|those|said)\\s+)?' +
    '(?!Annex|Appendix|Chapter|Title|Section|Part|Schedule|Article|paragraph|point)(?:\\d{4}\\s+)?[A-Z\\d]' +
    '|thereof\\b|[A-Z]{2,}[a-z]?\\b)',
};

const GERMAN: LanguageTable = {
  keywords: [
    article('§§?', ['germanSection']),
    article(word('Artikel[ns]?') + '|Art\\.'),
    paragraph(word('Abs[aä]tz(?:es|en|e)?') + '|Abs\\.'),
    clause(word('Nummern?'), ['number']),
    clause('Nr\\.', ['number'], false), // alone, 'Nr. 1234/2007' is a document number
    clause(word('Buchstaben?'), ['letterParen', 'letterBare']),
    clause('Buchst\\.|lit\\.', ['letterParen', 'letterBare'], false),
    ignored(word('(?:Halb)?[Ss]atz\\s+\\d+')),
  ],
  rangeWords: ['bis'],
  listWords: ['und', 'oder', 'sowie'],
  inversion: '\\s+(?:des|der)\\s+',
  // 'des Gesetzes', 'der Verordnung (EU)', 'BGB', 'StGB'; not 'dieses Gesetzes'.
  external:
    '\\s+(?:(?:des|der)\\s+(?!dieses|dieser|vorliegenden|Abs|Art|Nummer|Buchst|Satz|Anlage|§)\\S' +
    '|[A-ZÄÖÜ]\\p{Ll}*[A-ZÄÖÜ]\\p{L}*(?!\\p{L}))',
};

// Parts of the same act, or 'presente': after 'del'/'dell'' these keep a reference internal.
const ITALIAN_PARTS = '(?:present|articol|comm|letter|numer|capo|titolo|allegat)';
const FRENCH_PARTS = '(?:présent|article|alinéa|paragraphe|point|annexe|chapitre|titre|section)';

const ITALIAN: LanguageTable = {
  keywords: [
    article(word('articol[oi]') + '|artt?\\.'),
    paragraph(word('comm[ai]')),
    clause(word('letter[ae]') + '|lett\\.', ['letterParen', 'letterBare']),
    clause(word('numer[oi]'), ['number'], false),
  ],
  rangeWords: [],
  listWords: ['e', 'ed', 'o'],
  inversion: "\\s+(?:dell['’]|del\\s+|della\\s+|dei\\s+)",
  // '(,) della legge 22 aprile 1941, n. 633', 'del codice civile', 'c.c.'; not 'del presente decreto'.
  external: `,?\\s+(?:(?:del|della|dello|dei|degli)\\s+(?!${ITALIAN_PARTS})|dell['’](?!${ITALIAN_PARTS})|c\\.[cp]\\.)`,
};

const FRENCH: LanguageTable = {
  keywords: [
    article(word('articles?') + '|art\\.'),
    paragraph(word('paragraphes?|alinéas?')),
    clause(word('points?'), ['letterParen', 'degree', 'number']),
  ],
  rangeWords: ['à'],
  listWords: ['et', 'ou'],
  inversion: "\\s+(?:de\\s+l['’]|du\\s+|de\\s+la\\s+|des\\s+)",
  // 'de la loi', 'du code civil', 'du règlement (UE)', 'TFUE'; not 'du présent règlement'.
  external: `\\s+(?:(?:du|de\\s+la|des)\\s+(?!${FRENCH_PARTS})|de\\s+l['’](?!${FRENCH_PARTS})|[A-Z]{2,}\\b)`,
};

const TABLES: Record<string, LanguageTable> = {
  cs: CZECH,
  sk: CZECH,
  en: ENGLISH,
  de: GERMAN,
  it: ITALIAN,
  fr: FRENCH,
};
const compiled = new Map<LanguageTable, Grammar>();

/** The grammar for an ISO 639-1 code ('cs', 'EN-GB'); unknown languages get English, which finds nothing harmful. */
export function grammarFor(lang: string): Grammar {
  const table = TABLES[lang.slice(0, 2).toLowerCase()] ?? ENGLISH;
  let grammar = compiled.get(table);
  if (!grammar) {
    grammar = compileGrammar(table);
    compiled.set(table, grammar);
  }
  return grammar;
}
