// The legal-safe part of a memory score: numbers, dates, negations, modals and cite keys that differ
// between the text being translated and a candidate's source text. Each costs 10 points and makes
// the candidate never exact. Case and diacritics never count; neither does a token's position.
import type { LegalDifference } from '../../src/api/contract/translation.js';

export type LegalDifferenceKind = LegalDifference['kind'];
export const POINTS_PER_DIFFERENCE = 10;

/** One legally significant token: `key` compares, `text` (with its offsets) is what the text says. */
export interface LegalToken {
  kind: LegalDifferenceKind;
  key: string;
  text: string;
  start: number;
  end: number;
}

/** One UTF-16 unit folded; non-ASCII ones are remembered (the memory's rerank folds every candidate). */
const foldedUnits = new Map<string, string>();
function foldUnit(ch: string): string {
  let f = foldedUnits.get(ch);
  if (f === undefined) {
    f = ch
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase();
    if (foldedUnits.size < 4096) foldedUnits.set(ch, f);
  }
  return f;
}

/** Lowercased, accents stripped, character by character so offsets map back to the original. */
function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // ASCII folds to itself, lowercased: the common case, without normalize() and a regex.
    const f =
      code < 0x80 ? (code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i]!) : foldUnit(text[i]!);
    for (let k = 0; k < f.length; k++) offsets.push(i);
    folded += f;
  }
  offsets.push(text.length);
  return { folded, offsets };
}

const MONTHS: Record<string, number> = {};
const monthNames: string[][] = [
  ['january', 'leden', 'ledna'],
  ['february', 'unor', 'unora'],
  ['march', 'brezen', 'brezna'],
  ['april', 'duben', 'dubna'],
  ['may', 'kveten', 'kvetna'],
  ['june', 'cerven', 'cervna'],
  ['july', 'cervenec', 'cervence'],
  ['august', 'srpen', 'srpna'],
  ['september', 'zari'],
  ['october', 'rijen', 'rijna'],
  ['november', 'listopad', 'listopadu'],
  ['december', 'prosinec', 'prosince'],
];
monthNames.forEach((names, i) => names.forEach((name) => (MONTHS[name] = i + 1)));
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const pad = (n: number | string) => String(n).padStart(2, '0');
const isoDate = (y: string, m: number | string, d: string) => `${y}-${pad(m)}-${pad(d)}`;

interface Pattern {
  kind: LegalDifferenceKind;
  regex: RegExp;
  key: (m: RegExpExecArray) => string;
}

// Order matters: a date's or a cite key's digits are masked before numbers are read.
const PATTERNS: Pattern[] = [
  { kind: 'date', regex: /\b(\d{4})-(\d{2})-(\d{2})\b/g, key: (m) => isoDate(m[1]!, m[2]!, m[3]!) },
  {
    kind: 'date',
    regex: /\b(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\b/g,
    key: (m) => isoDate(m[3]!, m[2]!, m[1]!),
  },
  {
    kind: 'date',
    regex: new RegExp(`\\b(\\d{1,2})\\.?\\s+(${MONTH})\\s+(\\d{4})\\b`, 'g'),
    key: (m) => isoDate(m[3]!, MONTHS[m[2]!]!, m[1]!),
  },
  {
    kind: 'date',
    regex: new RegExp(`\\b(${MONTH})\\s+(\\d{1,2}),\\s*(\\d{4})\\b`, 'g'),
    key: (m) => isoDate(m[3]!, MONTHS[m[1]!]!, m[2]!),
  },
  {
    kind: 'cite_key',
    regex: /(?<![\p{L}\p{N}])(?:cl|clanek|clanku|clankem|clanky|article|articles|art)\.?\s*(\d+[a-z]?)\b/gu,
    key: (m) => `article ${m[1]}`,
  },
  { kind: 'cite_key', regex: /§+\s*(\d+[a-z]?)\b/g, key: (m) => `section ${m[1]}` },
  {
    kind: 'cite_key',
    regex: /(?<![\p{L}\p{N}])(?:odst|odstavec|odstavce|odstavci|paragraph)\.?\s*(\d+)\b/gu,
    key: (m) => `paragraph ${m[1]}`,
  },
  {
    kind: 'cite_key',
    regex: /(?<![\p{L}\p{N}])(?:pism|pismeno|pismene|point)\.?\s*\(?([a-z])\)/gu,
    key: (m) => `letter ${m[1]}`,
  },
  { kind: 'number', regex: /\d+(?:[.,]\d+)*/g, key: (m) => m[0].replace(/,/g, '.') },
  {
    kind: 'negation',
    // 'No 1/2019' and 'No.' are numbers, not negations.
    regex:
      /(?<![\p{L}\p{N}])(?:not|never|cannot|no(?![.\s]*\d)(?!\.)|nikoli|nikoliv|nikdy|ne|neni|nejsou|zadny|zadna|zadne)(?![\p{L}\p{N}])|n't\b/gu,
    key: (m) => (m[0] === "n't" ? 'not' : m[0]),
  },
  {
    kind: 'modal',
    regex:
      /(?<![\p{L}\p{N}])(?:ne)?(shall|may|must|should|musi|museji|musel\p{L}*|muze|mohou|mohl\p{L}*|smi|smeji|lze)(?![\p{L}\p{N}])/gu,
    // 'nemusí' is the modal 'musí' negated: 'musí' -> 'nemusí' is one change, the negation.
    key: (m) => m[1]!,
  },
];

const WORD = /[\p{L}]+/gu;
const STANDALONE_NEGATIONS = new Set(['ne', 'neni', 'nejsou', 'never', 'not', 'no']);

/** Every legal token of a text, in document order per kind. */
export function legalTokens(text: string): LegalToken[] {
  const { folded, offsets } = foldWithOffsets(text);
  let masked = folded;
  const tokens: LegalToken[] = [];
  for (const pattern of PATTERNS) {
    const regex = new RegExp(pattern.regex.source, pattern.regex.flags);
    const found: [number, number][] = [];
    for (let m = regex.exec(masked); m; m = regex.exec(masked)) {
      if (m[0] === '') {
        regex.lastIndex++;
        continue;
      }
      const start = offsets[m.index]!;
      const end = offsets[m.index + m[0].length]!;
      tokens.push({ kind: pattern.kind, key: pattern.key(m), text: text.slice(start, end), start, end });
      found.push([m.index, m.index + m[0].length]);
    }
    for (const [s, e] of found) masked = masked.slice(0, s) + ' '.repeat(e - s) + masked.slice(e);
  }
  return tokens;
}

/** Words of the folded text with their original offsets. */
function words(text: string): LegalToken[] {
  const { folded, offsets } = foldWithOffsets(text);
  return [...folded.matchAll(WORD)].map((m) => {
    const start = offsets[m.index]!;
    const end = offsets[m.index + m[0].length]!;
    return { kind: 'negation', key: m[0], text: text.slice(start, end), start, end };
  });
}

/**
 * Czech negation by prefix: 'nemusí' in one text where the other says 'musí' (and not 'nemusí').
 * Tokens in `a` whose negated or plain form is only in `b`.
 */
function prefixNegations(a: LegalToken[], b: LegalToken[]): { inA: LegalToken[]; inB: LegalToken[] } {
  const countA = countKeys(a);
  const countB = countKeys(b);
  const inA: LegalToken[] = [];
  const inB: LegalToken[] = [];
  const pairs = (x: LegalToken[], countX: Map<string, number>, countY: Map<string, number>, out: LegalToken[]) => {
    for (const w of x) {
      if (!w.key.startsWith('ne') || w.key.length < 5 || STANDALONE_NEGATIONS.has(w.key)) continue;
      const plain = w.key.slice(2);
      const moreNegatedHere = (countX.get(w.key) ?? 0) > (countY.get(w.key) ?? 0);
      const morePlainThere = (countY.get(plain) ?? 0) > (countX.get(plain) ?? 0);
      if (moreNegatedHere && morePlainThere) out.push(w);
    }
  };
  pairs(a, countA, countB, inA);
  pairs(b, countB, countA, inB);
  // Each negated word once, however often it occurs.
  const once = (list: LegalToken[]) => list.filter((t, i) => list.findIndex((u) => u.key === t.key) === i);
  return { inA: once(inA), inB: once(inB) };
}

function countKeys(tokens: LegalToken[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t.key, (counts.get(t.key) ?? 0) + 1);
  return counts;
}

/** Tokens of `a` not matched by an equal key in `b` (a multiset difference, order kept). */
function unmatched(a: LegalToken[], b: LegalToken[]): LegalToken[] {
  const left = countKeys(b);
  return a.filter((t) => {
    const n = left.get(t.key) ?? 0;
    if (n > 0) {
      left.set(t.key, n - 1);
      return false;
    }
    return true;
  });
}

const KINDS: LegalDifferenceKind[] = ['number', 'date', 'negation', 'modal', 'cite_key'];

/** What legalDifferences reads of one text: computed once for a text compared with many. */
export interface LegalProfile {
  tokens: LegalToken[];
  words: LegalToken[];
}

export const legalProfile = (text: string): LegalProfile => ({ tokens: legalTokens(text), words: words(text) });

/**
 * What differs between the text being translated (`expected`) and a candidate's source text
 * (`found`, whose offsets the result carries for highlighting). A changed token is one
 * difference (expected and found both set); an added or dropped one has the other side null.
 * `queryText` may be its legalProfile, when one text is compared with many candidates.
 */
export function legalDifferences(queryText: string | LegalProfile, candidateSource: string): LegalDifference[] {
  const query = typeof queryText === 'string' ? legalProfile(queryText) : queryText;
  const candidate = legalProfile(candidateSource);
  const differences: LegalDifference[] = [];
  const prefixed = prefixNegations(query.words, candidate.words);
  for (const kind of KINDS) {
    const q = query.tokens.filter((t) => t.kind === kind);
    const c = candidate.tokens.filter((t) => t.kind === kind);
    let onlyQuery = unmatched(q, c);
    let onlyCandidate = unmatched(c, q);
    if (kind === 'negation') {
      onlyQuery = [...onlyQuery, ...prefixed.inA];
      onlyCandidate = [...onlyCandidate, ...prefixed.inB];
    }
    for (let i = 0; i < Math.max(onlyQuery.length, onlyCandidate.length); i++) {
      const expected = onlyQuery[i];
      const found = onlyCandidate[i];
      differences.push({
        kind,
        expected: expected?.text ?? null,
        found: found?.text ?? null,
        start: found?.start ?? null,
        end: found?.end ?? null,
      });
    }
  }
  return differences;
}

/** Points a candidate loses for its differences. */
export const legalPenalty = (differences: readonly LegalDifference[]) => differences.length * POINTS_PER_DIFFERENCE;
