// Shared parser for Czech (and Slovak) statute text: turns plain lines into the ParsedNode tree
// ČÁST > HLAVA > Díl > Oddíl > § N / Čl. N > (n) > a) > 1., plus helpers for Czech dates and headers.

import type { ParsedNode } from '../model.js';

export type StatuteLanguage = 'cs' | 'sk';

/** One input line; `line` is the 1-based line in the source file (for error messages). */
export interface StructureLine {
  text: string;
  line: number;
  /** A markdown heading without a Czech marker ("### Obecná část"): becomes a group node. */
  isHeading?: boolean;
}

export interface StructureResult {
  nodes: ParsedNode[];
  language: StatuteLanguage;
}

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Collapses runs of whitespace (tabs, NBSP, spaces) and trims, so sources compare equal. */
export function normalizeText(text: string): string {
  return text.replace(/[\s\u00a0\u2007\u202f]+/g, ' ').trim();
}

const SLOVAK_ONLY_LETTERS = /[äôĺŕľÄÔĹŔĽ]/g;
const CZECH_ONLY_LETTERS = /[řůěŘŮĚ]/g;
const SLOVAK_WORDS = /(?<!\p{L})(sa|zo|dňa|alebo|ktor[ýáéí]|podľa|tohto|ods\.|nadobúda|štátn\p{L}*)(?!\p{L})/giu;
const CZECH_WORDS = /(?<!\p{L})(se|ze|dne|nebo|kter[ýáéí]|podle|tohoto|odst\.|nabývá|státn\p{L}*)(?!\p{L})/giu;

/**
 * Slovak vs Czech, cheaply: letters and function words that exist in only one of the two
 * languages (ř ů ě / se ze dne nebo vs ä ô ĺ ŕ ľ / sa zo dňa alebo). Slovak wins only on a
 * strictly higher score, so Czech is the default for short or ambiguous texts.
 */
export function detectStatuteLanguage(text: string): StatuteLanguage {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  const slovak = count(SLOVAK_ONLY_LETTERS) + count(SLOVAK_WORDS);
  const czech = count(CZECH_ONLY_LETTERS) + count(CZECH_WORDS);
  return slovak > czech ? 'sk' : 'cs';
}

// ---------------------------------------------------------------------------------------------
// Numbers: ordinal words, Roman numerals, digits

const ORDINAL_STEMS: Array<[string, number]> = [
  ['prvn', 1], ['prv', 1], ['druh', 2], ['třet', 3], ['tret', 3], ['čtvrt', 4], ['štvrt', 4],
  ['pát', 5], ['piat', 5], ['šest', 6], ['šiest', 6], ['sedm', 7], ['siedm', 7], ['osm', 8], ['ôsm', 8],
  ['devát', 9], ['deviat', 9], ['desát', 10], ['desiat', 10], ['jedenáct', 11], ['dvanáct', 12],
  ['třináct', 13], ['čtrnáct', 14], ['patnáct', 15], ['šestnáct', 16], ['sedmnáct', 17],
  ['osmnáct', 18], ['devatenáct', 19], ['dvacát', 20], ['třicát', 30],
];

function ordinalWordValue(word: string): number | undefined {
  const stem = word.toLowerCase().replace(/(á|ý|í|é|ia|ie|a|y)$/u, '');
  return ORDINAL_STEMS.find(([s]) => s === stem)?.[1];
}

const ROMAN_VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

export function romanToNumber(roman: string): number | undefined {
  if (!/^[IVXLC]+$/.test(roman)) return undefined;
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const value = ROMAN_VALUES[roman[i]!]!;
    const next = ROMAN_VALUES[roman[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** 'PRVNÍ' → 1, 'I' → 1, '3' → 3, 'DVACÁTÁ PRVNÍ' → 21; undefined when it is not a number. */
export function parseCzechOrdinal(text: string): number | undefined {
  const cleaned = text.trim().replace(/\.$/, '');
  if (/^\d+$/.test(cleaned)) return Number(cleaned);
  const roman = romanToNumber(cleaned);
  if (roman !== undefined) return roman;
  const words = cleaned.split(/\s+/);
  let total = 0;
  for (const word of words) {
    const value = ordinalWordValue(word);
    if (value === undefined) return undefined;
    total += value;
  }
  return words.length > 0 ? total : undefined;
}

// ---------------------------------------------------------------------------------------------
// Dates and header facts

const MONTHS: Record<string, number> = {
  ledna: 1, února: 2, března: 3, dubna: 4, května: 5, června: 6, července: 7, srpna: 8,
  září: 9, října: 10, listopadu: 11, prosince: 12,
  // Slovak genitive forms (1926–1947 acts)
  januára: 1, februára: 2, marca: 3, apríla: 4, mája: 5, júna: 6, júla: 7, augusta: 8,
  septembra: 9, októbra: 10, novembra: 11, decembra: 12,
};

const DATE_PATTERN = '(\\d{1,2})\\.\\s*(\\p{L}+)\\s+(\\d{4})';

function isoDate(day: string, monthName: string, year: string): string | undefined {
  const month = MONTHS[monthName.toLowerCase()];
  if (!month) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The first '16. prosince 1992' style date in the text, as YYYY-MM-DD. */
export function parseCzechDate(text: string): string | undefined {
  for (const m of text.matchAll(new RegExp(DATE_PATTERN, 'gu'))) {
    const iso = isoDate(m[1]!, m[2]!, m[3]!);
    if (iso) return iso;
  }
  return undefined;
}

/** The adoption date from 'ze dne 16. prosince 1992' (Slovak 'zo dňa'). */
export function findAdoptionDate(text: string): string | undefined {
  const m = new RegExp(`(?:ze|zo)\\s+d(?:ne|ňa)\\s+${DATE_PATTERN}`, 'u').exec(text);
  return m ? isoDate(m[1]!, m[2]!, m[3]!) : undefined;
}

/**
 * The date the act takes effect, when the text names one: 'Tento zákon nabývá účinnosti dnem
 * 1. ledna 1993' (Slovak 'nadobúda účinnosť dňom'). 'dnem vyhlášení' has no date → undefined.
 * The act's own clause ('Tento zákon', 'Tato Ústava') wins over dates of single provisions.
 */
export function findEffectiveDate(text: string): string | undefined {
  const clause = `(?:nabývá|nabývají|nadobúda)\\s+účinnost(?:i|ť)?\\s+(?:dnem|dňom)\\s+${DATE_PATTERN}`;
  const own = new RegExp(`(?:Tento|Tato|Toto|Tieto)\\s+[\\p{L} ]{0,40}?${clause}`, 'u').exec(text);
  const any = own ?? new RegExp(clause, 'u').exec(text);
  if (!any) return undefined;
  const [day, month, year] = any.slice(-3) as [string, string, string];
  return isoDate(day, month, year);
}

/** Who enacted it, from 'Česká národní rada se usnesla na tomto ústavním zákoně:'. */
export function findEnactingIssuer(lines: string[]): string | undefined {
  for (const line of lines) {
    const direct = /^(\p{Lu}[^:]{2,90}?)\s+(?:se\s+|sa\s+)?(?:usnesl|usniesl)/u.exec(line);
    if (direct && !/^(K|Po|Na)\s/.test(direct[1]!)) return direct[1]!.replace(/\s+(se|sa)$/, '');
    const inverted = /\bse\s+(\p{Lu}[\p{L} ]{2,80}?)\s+usnesl/u.exec(line);
    if (inverted) return inverted[1];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Line classification

type MarkerKind =
  | 'part' | 'title' | 'chapter' | 'section' | 'article' | 'paragraph' | 'letter' | 'point'
  | 'schedule' | 'preamble' | 'signature' | 'footnote';

interface Marker {
  kind: MarkerKind;
  rawType: string;
  /** The number as written: '10a', 'I', 'b', '3'. */
  label?: string;
  /** The normalized number used in paths of parts/titles/chapters/sections. */
  number?: number;
  /** Text on the marker line after the marker ('(1) Lid je...' → 'Lid je...'). */
  rest?: string;
}

const GROUP_MARKERS: Array<{ re: RegExp; kind: MarkerKind; rawType: string }> = [
  { re: /^(?:ČÁST|Část)\s+(.+)$/u, kind: 'part', rawType: 'ČÁST' },
  { re: /^(?:HLAVA|Hlava)\s+(.+)$/u, kind: 'title', rawType: 'HLAVA' },
  { re: /^(?:Díl|DÍL)\s+(.+)$/u, kind: 'chapter', rawType: 'Díl' },
  { re: /^(?:Oddíl|ODDÍL)\s+(.+)$/u, kind: 'section', rawType: 'Oddíl' },
];

function classifyGroupMarker(text: string): Marker | undefined {
  for (const { re, kind, rawType } of GROUP_MARKERS) {
    const m = re.exec(text);
    if (!m) continue;
    const number = parseCzechOrdinal(m[1]!);
    // 'Část přiřazované daně...' is a sentence, not a marker: the rest must be a number.
    if (number !== undefined) return { kind, rawType, number, label: String(number) };
  }
  return undefined;
}

/**
 * '§ 10a', '§ 1.', '§1 Působnost odboru', 'Čl. 54', 'Čl. II.', 'Článek 5'. Text after the number
 * counts as a heading only when it starts with a capital: '§ 5 zákona č. 1/2000 Sb.' is a
 * reference inside running text, not a new article.
 */
function classifyArticleMarker(text: string): Marker | undefined {
  const m = /^(§|Čl\.|Článek|Článok)\s*(\d+[a-z]{0,3}|[IVXLC]+)\.?(?:\s+(.*))?$/u.exec(text);
  if (!m) return undefined;
  const rest = m[3]?.trim();
  // Lower-case text after the number is a reference, except a 'zrušen' note of a repealed one.
  if (rest && !/^\p{Lu}/u.test(rest) && !/^\(?zrušen/iu.test(rest)) return undefined;
  return { kind: 'article', rawType: m[1] === '§' ? '§' : 'Čl.', label: m[2]!, rest };
}

function classifySchedule(text: string): Marker | undefined {
  const m = /^(?:PŘÍLOHA|Příloha|PRÍLOHA|Príloha)(?:\s+(?:č\.\s*)?(\d+[a-z]?)\.?)?(\s+k\s+.*)?$/u.exec(text);
  if (!m) return undefined;
  return { kind: 'schedule', rawType: 'Příloha', label: m[1], rest: m[2]?.trim() };
}

function classifyInnerMarker(text: string): Marker | undefined {
  let m = /^\((\d+[a-z]?)\)\s*(.*)$/.exec(text);
  if (m) return { kind: 'paragraph', rawType: 'odst.', label: m[1]!, rest: m[2] };
  m = /^([a-z]{1,2})\)\s+(.*)$/.exec(text);
  if (m) return { kind: 'letter', rawType: 'písm.', label: m[1]!, rest: m[2] };
  m = /^(\d+[a-z]?)[.)]\s+(.*)$/.exec(text);
  if (m) return { kind: 'point', rawType: 'bod', label: m[1]!, rest: m[2] };
  return undefined;
}

const SIGNATURE = /(?:^|\s)v\.\s?r\.$/;

/** Whether a line starts a structural unit above the paragraph (used by the Markdown reader). */
export function isStructureMarker(text: string): boolean {
  const t = normalizeText(text);
  return Boolean(classifyGroupMarker(t) ?? classifyArticleMarker(t) ?? classifySchedule(t) ?? /^PREAMBULE$/i.test(t));
}

function classifyLine(text: string, insideArticle: boolean, afterSignatures: boolean): Marker | undefined {
  if (/^(PREAMBULE|Preambule)$/u.test(text)) return { kind: 'preamble', rawType: 'PREAMBULE' };
  const structural = classifyGroupMarker(text) ?? classifyArticleMarker(text) ?? classifySchedule(text);
  if (structural) return structural;
  if (text.length < 80 && SIGNATURE.test(text)) return { kind: 'signature', rawType: 'podpis' };
  // After the signatures, '1) Směrnice...' lines are the act's footnotes, not clauses.
  if (afterSignatures && /^(\d+|\*)\)\s/.test(text)) return { kind: 'footnote', rawType: 'poznámka' };
  return insideArticle ? classifyInnerMarker(text) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Quotations: text quoted inside an amending point („§ 5 ... “) stays text of that point

const QUOTE_LOOKAHEAD = 400;

function quoteBalance(text: string): number {
  return (text.match(/„/g)?.length ?? 0) - (text.match(/“/g)?.length ?? 0);
}

/**
 * Marks lines that lie inside a multi-line „…“ quotation. An opening quote whose closing one
 * is not found within QUOTE_LOOKAHEAD lines is treated as a typo, so that one stray „ cannot
 * swallow the rest of the law.
 */
function findQuotedLines(lines: string[]): Set<number> {
  const quoted = new Set<number>();
  let i = 0;
  while (i < lines.length) {
    const balance = quoteBalance(lines[i]!);
    if (balance <= 0) {
      i++;
      continue;
    }
    let depth = balance;
    let end = -1;
    for (let j = i + 1; j < lines.length && j <= i + QUOTE_LOOKAHEAD; j++) {
      depth += quoteBalance(lines[j]!);
      if (depth <= 0) {
        end = j;
        break;
      }
    }
    if (end < 0) {
      i++;
      continue;
    }
    for (let j = i + 1; j <= end; j++) quoted.add(j);
    i = end + 1;
  }
  return quoted;
}

// ---------------------------------------------------------------------------------------------
// Tree building

/** Depth in the hierarchy: a new node closes every open node of the same or deeper level. */
const LEVEL: Record<string, number> = {
  part: 1, title: 2, chapter: 3, section: 4, heading: 4.5, article: 5, paragraph: 6, clause: 7, point: 8,
};

interface OpenNode {
  node: ParsedNode;
  level: number;
}

interface BuildState {
  language: StatuteLanguage;
  topLevel: ParsedNode[];
  stack: OpenNode[];
  /** The top-level content node text goes to when no structure is open (intro, preamble...). */
  looseContent?: ParsedNode;
  usedPaths: Map<string, number>;
  /** A group or article marker was just read; its heading title may follow on the next line. */
  awaitingTitle?: { node: ParsedNode; kind: 'group' | 'article' };
  /** An unmarked heading seen just before '§ N' / 'Čl. N' ('Prezident republiky' above Čl. 54). */
  pendingArticleTitle?: string;
  seenStructure: boolean;
  afterSignatures: boolean;
  inFootnotes: boolean;
}

function uniquePath(state: BuildState, path: string): string {
  const seen = state.usedPaths.get(path) ?? 0;
  state.usedPaths.set(path, seen + 1);
  return seen === 0 ? path : `${path}~${seen + 1}`;
}

function makeNode(state: BuildState, fields: Omit<ParsedNode, 'texts' | 'children' | 'path'>, path: string): ParsedNode {
  return { ...fields, path: uniquePath(state, path), texts: [], children: [] };
}

function addText(state: BuildState, node: ParsedNode, text: string): void {
  const normalized = normalizeText(text);
  if (normalized) node.texts.push({ [state.language]: normalized });
}

/** The path of the nearest open ancestor, or '' at the top. */
function parentPath(state: BuildState): string {
  return state.stack.at(-1)?.node.path ?? '';
}

function joinPath(parent: string, own: string): string {
  return parent ? `${parent}/${own}` : own;
}

function closeTo(state: BuildState, level: number): void {
  while (state.stack.length > 0 && state.stack.at(-1)!.level >= level) state.stack.pop();
}

function attach(state: BuildState, node: ParsedNode, level: number): void {
  const parent = state.stack.at(-1)?.node;
  if (parent) parent.children.push(node);
  else state.topLevel.push(node);
  state.stack.push({ node, level });
  state.looseContent = undefined;
}

/** A top-level content node (intro, preamble, signatures, footnotes) that collects loose text. */
function openContent(state: BuildState, path: string, citeKey: string, rawType: string): ParsedNode {
  state.stack = [];
  const node = makeNode(state, { nodeType: 'content', rawType, citeKey }, path);
  state.topLevel.push(node);
  state.looseContent = node;
  state.awaitingTitle = undefined;
  return node;
}

const GROUP_PATH_PREFIX: Record<string, [string, string]> = {
  part: ['cast', 'Část'], title: ['hlava', 'Hlava'], chapter: ['dil', 'Díl'], section: ['oddil', 'Oddíl'],
};

function openGroup(state: BuildState, marker: Marker): void {
  const [prefix, citeWord] = GROUP_PATH_PREFIX[marker.kind]!;
  const level = LEVEL[marker.kind]!;
  closeTo(state, level);
  const node = makeNode(
    state,
    { nodeType: marker.kind, rawType: marker.rawType, citeKey: `${citeWord} ${marker.number}` },
    joinPath(parentPath(state), `${prefix}-${marker.number}`),
  );
  attach(state, node, level);
  state.awaitingTitle = { node, kind: 'group' };
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
}

/** An unmarked Markdown heading ("### Obecná část") groups the articles that follow it. */
function openHeadingGroup(state: BuildState, title: string): void {
  const level = LEVEL.heading!;
  closeTo(state, level);
  const node = makeNode(
    state,
    { nodeType: 'heading', rawType: 'nadpis', title: normalizeText(title) },
    joinPath(parentPath(state), `nadpis-${slugify(title) || 'x'}`),
  );
  attach(state, node, level);
  state.awaitingTitle = undefined;
}

/**
 * § and Čl. numbers are unique within a law, so an article's path is just 'par-10a' / 'cl-54':
 * a provision moved to another HLAVA between versions keeps its identity.
 */
function openArticle(state: BuildState, marker: Marker): void {
  const level = LEVEL.article!;
  closeTo(state, level);
  const label = marker.label!;
  const isSection = marker.rawType === '§';
  const node = makeNode(
    state,
    { nodeType: 'article', rawType: marker.rawType, citeKey: isSection ? `§ ${label}` : `Čl. ${label}` },
    `${isSection ? 'par' : 'cl'}-${label.toLowerCase()}`,
  );
  const title = marker.rest ?? state.pendingArticleTitle;
  state.pendingArticleTitle = undefined;
  if (title) node.title = normalizeText(title);
  attach(state, node, level);
  state.awaitingTitle = title ? undefined : { node, kind: 'article' };
}

const INNER_SHAPE: Record<string, { level: number; nodeType: string; prefix: string; cite: (l: string) => string }> = {
  paragraph: { level: LEVEL.paragraph!, nodeType: 'paragraph', prefix: 'odst', cite: (l) => `odst. ${l}` },
  letter: { level: LEVEL.clause!, nodeType: 'clause', prefix: 'pism', cite: (l) => `písm. ${l})` },
  point: { level: LEVEL.point!, nodeType: 'clause', prefix: 'bod', cite: (l) => `bod ${l}` },
};

function openInner(state: BuildState, marker: Marker): void {
  const shape = INNER_SHAPE[marker.kind]!;
  closeTo(state, shape.level);
  const node = makeNode(
    state,
    { nodeType: shape.nodeType, rawType: marker.rawType, citeKey: shape.cite(marker.label!) },
    joinPath(parentPath(state), `${shape.prefix}-${marker.label!.toLowerCase()}`),
  );
  addText(state, node, marker.rest ?? '');
  attach(state, node, shape.level);
  state.awaitingTitle = undefined;
}

function openSchedule(state: BuildState, marker: Marker): void {
  state.stack = [];
  const node = makeNode(
    state,
    { nodeType: 'schedule', rawType: marker.rawType, citeKey: marker.label ? `Příloha ${marker.label}` : 'Příloha' },
    marker.label ? `priloha-${marker.label.toLowerCase()}` : 'priloha',
  );
  if (marker.rest) addText(state, node, marker.rest);
  attach(state, node, 0);
  state.awaitingTitle = { node, kind: 'group' };
}

/**
 * After '§ 5' a short line is the article's heading ('Předmět úpravy') only if it does not end
 * like a sentence and is not the lead-in of a list ('Prezident republiky' before 'a) ...').
 */
function looksLikeArticleTitle(text: string, next: string | undefined): boolean {
  if (text.length > 200 || /[.,;:]$/.test(text) || !/^\p{Lu}/u.test(text)) return false;
  if (next === undefined) return false;
  if (classifyInnerMarker(next)?.kind === 'letter' || classifyInnerMarker(next)?.kind === 'point') return false;
  if (classifyGroupMarker(next) ?? classifyArticleMarker(next) ?? classifySchedule(next)) return false;
  return true;
}

/**
 * An unmarked heading right above an article ('Prezident republiky' / 'Čl. 54' in the 1993
 * Constitution) is taken as that article's title: the consolidated Markdown puts the same
 * heading just below 'Čl. 54', so both sources then agree. Lines ending in punctuation are text.
 */
function isHeadingAboveArticle(text: string, next: string | undefined): boolean {
  if (next === undefined || !classifyArticleMarker(next) || classifyArticleMarker(next)?.rest) return false;
  return text.length <= 120 && /^\p{Lu}/u.test(text) && !/[.,;:!?)“"]$/u.test(text);
}

function addLooseText(state: BuildState, text: string, nextText: string | undefined): void {
  if (state.awaitingTitle?.kind !== 'group' && isHeadingAboveArticle(text, nextText)) {
    state.awaitingTitle = undefined;
    state.pendingArticleTitle = text;
    return;
  }
  const pending = state.awaitingTitle;
  state.awaitingTitle = undefined;
  if (pending?.kind === 'group' && !pending.node.title) {
    pending.node.title = normalizeText(text);
    return;
  }
  if (pending?.kind === 'article' && looksLikeArticleTitle(text, nextText)) {
    pending.node.title = normalizeText(text);
    return;
  }
  const target = state.stack.at(-1)?.node ?? state.looseContent ?? openContent(state, 'uvod', 'Úvod', 'úvod');
  addText(state, target, text);
}

function handleSignature(state: BuildState, text: string): void {
  // Signatures before any structure (e.g. a promulgating resolution) belong to the intro.
  if (!state.seenStructure) {
    addLooseText(state, text, undefined);
    return;
  }
  const node = state.afterSignatures && state.looseContent?.rawType === 'podpisy'
    ? state.looseContent
    : openContent(state, 'podpisy', 'Podpisy', 'podpisy');
  state.afterSignatures = true;
  addText(state, node, text);
}

function handleFootnote(state: BuildState, text: string): void {
  const node = state.inFootnotes && state.looseContent ? state.looseContent : openContent(state, 'poznamky', 'Poznámky pod čarou', 'poznámky');
  state.inFootnotes = true;
  addText(state, node, text);
}

/** Whether the deepest open node is an article or something inside one. */
function insideArticle(state: BuildState): boolean {
  return state.stack.some((open) => open.level >= LEVEL.article!);
}

/** A repealed article ('Čl. 103 zrušen') is no provision of this version: it is dropped. */
function isRepealed(node: ParsedNode): boolean {
  if (node.nodeType !== 'article' || node.children.length > 0) return false;
  const texts = node.texts.flatMap((t) => Object.values(t));
  const onlyRepealed = (s: string) => /^\(?(zrušen[oaý]?|zrušený|zrušené)\)?\.?$/iu.test(s.trim());
  if (texts.length === 0) return node.title !== undefined && onlyRepealed(node.title);
  return texts.every(onlyRepealed);
}

function dropRepealed(nodes: ParsedNode[]): ParsedNode[] {
  return nodes.filter((n) => !isRepealed(n)).map((n) => ({ ...n, children: dropRepealed(n.children) }));
}

/**
 * Builds the node tree from statute lines. Never throws: unknown lines become text of the
 * deepest open node (or of the intro before the first structure element).
 */
export function parseCzechStructure(input: StructureLine[], language?: StatuteLanguage): StructureResult {
  const lines = input.map((l) => ({ ...l, text: normalizeText(l.text) })).filter((l) => l.text !== '');
  const lang = language ?? detectStatuteLanguage(lines.map((l) => l.text).join('\n'));
  const quoted = findQuotedLines(lines.map((l) => l.text));
  const state: BuildState = {
    language: lang, topLevel: [], stack: [], usedPaths: new Map(),
    seenStructure: false, afterSignatures: false, inFootnotes: false,
  };

  lines.forEach((line, index) => {
    const next = lines[index + 1]?.text;
    if (quoted.has(index)) {
      addLooseText(state, line.text, next);
      return;
    }
    if (line.isHeading) {
      state.seenStructure = true;
      state.inFootnotes = false;
      openHeadingGroup(state, line.text);
      return;
    }
    const marker = classifyLine(line.text, insideArticle(state), state.afterSignatures);
    if (marker && marker.kind !== 'signature' && marker.kind !== 'footnote') {
      state.inFootnotes = false;
      if (marker.kind !== 'preamble') state.seenStructure = true;
    }
    switch (marker?.kind) {
      case 'preamble':
        openContent(state, 'preambule', 'Preambule', 'PREAMBULE');
        return;
      case 'part': case 'title': case 'chapter': case 'section':
        openGroup(state, marker);
        return;
      case 'article':
        openArticle(state, marker);
        return;
      case 'paragraph': case 'letter': case 'point':
        openInner(state, marker);
        return;
      case 'schedule':
        openSchedule(state, marker);
        return;
      case 'signature':
        handleSignature(state, line.text);
        return;
      case 'footnote':
        handleFootnote(state, line.text);
        return;
      default:
        if (state.inFootnotes) handleFootnote(state, line.text);
        else if (state.afterSignatures && state.looseContent?.rawType === 'podpisy') addText(state, state.looseContent, line.text);
        else addLooseText(state, line.text, next);
    }
  });

  return { nodes: dropRepealed(state.topLevel), language: lang };
}

/** Every node of a tree, depth first (handy for callers and tests). */
export function flattenNodes(nodes: ParsedNode[]): ParsedNode[] {
  return nodes.flatMap((n) => [n, ...flattenNodes(n.children)]);
}
