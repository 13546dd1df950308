// Reads reference groups out of a text with a language grammar: a head ('§ 12 odst. 3'), deeper
// parts, list/range continuations ('a 4', 'až 7'), the inverted 'of' form, and the external check.
import {
  DEEPER_SEPARATOR,
  GLUED_PAREN,
  SHAPE_PATTERNS,
  specOf,
  type Grammar,
  type Level,
  type Shape,
} from './grammar.js';
import { normalizeToken } from './tokens.js';

export interface Component {
  level: Level;
  /** Bare token ('10a', '2', 'b'); empty for 'ignore' parts. */
  token: string;
  /** How the token was written, so a list continues in the same shape ('a) nebo b)'). */
  shape: Shape;
}

/** One citation: a span of text and the parts it names, outermost first. */
export interface ScannedReference {
  start: number;
  end: number;
  components: Component[];
}

/** References read in one go ('článků 54 a 55'): they share the external qualifier. */
export interface ScannedGroup {
  items: ScannedReference[];
  end: number;
  external: boolean;
}

/** Every reference group in the text, sorted and non-overlapping. */
export function scanGroups(text: string, grammar: Grammar): ScannedGroup[] {
  const groups: ScannedGroup[] = [];
  const scan = grammar.keywordScan;
  scan.lastIndex = 0;
  for (let match = scan.exec(text); match !== null; match = scan.exec(text)) {
    if (!specOf(grammar, match)?.standalone) continue;
    const group = readGroup(text, match.index, grammar);
    if (group) scan.lastIndex = group.end;
    if (group) groups.push(group);
  }
  scan.lastIndex = 0;
  return groups;
}

function readGroup(text: string, start: number, grammar: Grammar): ScannedGroup | null {
  const first = readChain(text, start, grammar, 'head');
  if (!first) return null;
  const items = readContinuations(text, first, grammar);
  const last = items[items.length - 1]!;
  applyInversion(text, items, grammar);
  grammar.external.lastIndex = last.end;
  return { items, end: last.end, external: grammar.external.test(text) };
}

/** A keyword with its token, then deeper parts: '§ 12 odst. 3 písm. b)', 'Article 5(1)(a)'. */
function readChain(text: string, start: number, grammar: Grammar, mode: ChainMode): ScannedReference | null {
  const head = readKeywordPart(text, start, grammar, mode !== 'continuation');
  if (!head) return null;
  const reference = { start, end: head.end, components: [head.component] };
  extendDeeper(text, reference, grammar, mode === 'enclosing' ? 'none' : 'any');
  return reference;
}

/**
 * 'head': starts a reference. 'continuation': follows a list word, so non-standalone keywords
 * count. 'enclosing': the unit after 'of', which takes glued parts only ('of Article 5(1)').
 */
type ChainMode = 'head' | 'continuation' | 'enclosing';

interface PartMatch {
  component: Component;
  end: number;
}

function readKeywordPart(text: string, at: number, grammar: Grammar, standaloneOnly: boolean): PartMatch | null {
  const keyword = grammar.keywordAt;
  keyword.lastIndex = at;
  const match = keyword.exec(text);
  const spec = match ? specOf(grammar, match) : null;
  if (!spec || (standaloneOnly && !spec.standalone)) return null;
  for (const shape of spec.shapes) {
    const token = readToken(text, keyword.lastIndex, shape);
    if (token) return { component: { level: spec.level, token: token.value, shape }, end: token.end };
  }
  return null;
}

function readToken(text: string, at: number, shape: Shape): { value: string; end: number } | null {
  const pattern = SHAPE_PATTERNS[shape];
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  if (!match) return null;
  return { value: normalizeToken(match[1] ?? ''), end: pattern.lastIndex };
}

const LEVEL_RANK: Record<Level, number> = { article: 0, paragraph: 1, clause: 2, ignore: 3 };

/**
 * Which deeper keyword parts a chain may take: 'any' ('§ 12 odst. 3', 'Article 5, paragraph 1');
 * 'afterSpace' for list items, since in 'Articles 5 and 6, point (a) of …' the point is not
 * Article 6's, while in '§§ 10 und 13 Absatz 2' the Absatz is § 13's; 'none' after 'of'.
 */
type KeywordParts = 'any' | 'afterSpace' | 'none';

/** Appends glued '(1)(a)' parts and the allowed deeper keyword parts. */
function extendDeeper(text: string, reference: ScannedReference, grammar: Grammar, keywordParts: KeywordParts): void {
  for (;;) {
    const glued = readGluedParen(text, reference.end, deepestLevel(reference.components));
    const keyworded = keywordParts === 'none' ? null : readDeeperKeywordPart(text, reference, grammar, keywordParts);
    const part = glued ?? keyworded;
    if (!part) return;
    reference.components.push(part.component);
    reference.end = part.end;
  }
}

function readGluedParen(text: string, at: number, after: Level): PartMatch | null {
  GLUED_PAREN.lastIndex = at;
  const match = GLUED_PAREN.exec(text);
  if (!match?.[1]) return null;
  // After an article a number is its paragraph ('5(1)'); anything else is a point.
  const level: Level = after === 'article' && /^\d/.test(match[1]) ? 'paragraph' : 'clause';
  return { component: { level, token: normalizeToken(match[1]), shape: 'paren' }, end: GLUED_PAREN.lastIndex };
}

function readDeeperKeywordPart(
  text: string,
  reference: ScannedReference,
  grammar: Grammar,
  keywordParts: KeywordParts,
): PartMatch | null {
  DEEPER_SEPARATOR.lastIndex = reference.end;
  const separator = DEEPER_SEPARATOR.exec(text);
  if (!separator || (keywordParts === 'afterSpace' && separator[0].includes(','))) return null;
  const part = readKeywordPart(text, DEEPER_SEPARATOR.lastIndex, grammar, false);
  if (!part || !isDeeper(part.component.level, deepestLevel(reference.components))) return null;
  // 'paragraph 1, point (b) of paragraph 2': after a comma, a part with its own 'of' is a new reference.
  if (separator[0].includes(',') && startsInversion(text, part.end, grammar)) return null;
  return part;
}

function startsInversion(text: string, at: number, grammar: Grammar): boolean {
  if (!grammar.inversion) return false;
  grammar.inversion.lastIndex = at;
  return grammar.inversion.test(text);
}

// A clause may hold clauses ('písm. c) bodu 1'); otherwise each part must go one level down.
function isDeeper(next: Level, current: Level): boolean {
  if (next === 'ignore') return true;
  return LEVEL_RANK[next] > LEVEL_RANK[current] || (next === 'clause' && current === 'clause');
}

function deepestLevel(components: readonly Component[]): Level {
  for (let i = components.length - 1; i >= 0; i--) {
    const level = components[i]!.level;
    if (level !== 'ignore') return level;
  }
  return 'article';
}

// Shapes that cannot be a stray number, so a comma list of them is safe: 'písm. a), b), c)'.
const SELF_EVIDENT_SHAPES: ReadonlySet<Shape> = new Set(['letterParen', 'paren', 'degree']);

/**
 * Lists and ranges after a reference: 'článků 54 a 55', '§ 5 až 7', 'Article 1(4) and (6)',
 * 'čl. 4 odst. 1 a odst. 2'. A range widens the previous span; a list item gets its own span.
 * Items after a bare comma count only once a list word or range follows ('§ 5, 6 a 7'), so
 * 'odstavce 1, 2 měsíce' stays one reference.
 */
function readContinuations(text: string, first: ScannedReference, grammar: Grammar): ScannedReference[] {
  const items = [first];
  let committed = 1;
  for (;;) {
    const previous = items[items.length - 1]!;
    const connector = grammar.connector;
    connector.lastIndex = previous.end;
    const match = connector.exec(text);
    if (!match) break;
    if (absorbIgnoredNumber(text, connector.lastIndex, previous)) continue;
    const next = readListItem(text, connector.lastIndex, previous, grammar);
    if (!next) break;
    const isRange = match[1] !== undefined;
    const isBareComma = match[3] !== undefined;
    if (isRange) previous.end = next.end;
    else items.push(next);
    if (!isBareComma || next.selfEvident) committed = items.length;
  }
  items.length = committed;
  return items;
}

/** 'Absatz 2 Satz 4 und 6 bis 9': numbers after an ignored part ('Satz') widen the span only. */
function absorbIgnoredNumber(text: string, at: number, previous: ScannedReference): boolean {
  if (previous.components[previous.components.length - 1]?.level !== 'ignore') return false;
  const token = readToken(text, at, 'number');
  if (token) previous.end = token.end;
  return token !== null;
}

interface ListItem extends ScannedReference {
  selfEvident: boolean;
}

function readListItem(text: string, at: number, previous: ScannedReference, grammar: Grammar): ListItem | null {
  return readBareToken(text, at, previous, grammar) ?? readElliptical(text, at, previous, grammar);
}

/** A token alone, in the shape of one of the previous parts, deepest first: '55', 'b)', '(6)'. */
function readBareToken(text: string, at: number, previous: ScannedReference, grammar: Grammar): ListItem | null {
  const components = previous.components;
  for (let depth = components.length - 1; depth >= 0; depth--) {
    const model = components[depth]!;
    if (model.level === 'ignore') continue;
    const token = readToken(text, at, model.shape);
    if (!token) continue;
    const item = {
      start: at,
      end: token.end,
      components: [...components.slice(0, depth), { ...model, token: token.value }],
      selfEvident: SELF_EVIDENT_SHAPES.has(model.shape),
    };
    extendDeeper(text, item, grammar, 'afterSpace');
    return item;
  }
  return null;
}

/** 'odst. 2' after '§ 5 odst. 1 a': a new deeper part under the same article. */
function readElliptical(text: string, at: number, previous: ScannedReference, grammar: Grammar): ListItem | null {
  const chain = readChain(text, at, grammar, 'continuation');
  if (!chain) return null;
  const level = chain.components[0]!.level;
  const depth = previous.components.findIndex((component) => component.level === level);
  if (depth <= 0) return null; // an article, or a relative reference: a new group of its own
  return { ...chain, components: [...previous.components.slice(0, depth), ...chain.components], selfEvident: true };
}

/**
 * 'point (a) of paragraph 1 of Article 5': each 'of' part names an enclosing unit, which is put
 * in front of every item of the group; the last item's span grows to cover it.
 */
function applyInversion(text: string, items: ScannedReference[], grammar: Grammar): void {
  const inversion = grammar.inversion;
  const last = items[items.length - 1]!;
  while (inversion) {
    inversion.lastIndex = last.end;
    if (!inversion.exec(text)) return;
    const outer = readChain(text, inversion.lastIndex, grammar, 'enclosing');
    const outermost = items[0]!.components[0]!;
    if (!outer || LEVEL_RANK[deepestLevel(outer.components)] >= LEVEL_RANK[outermost.level]) return;
    for (const item of items) item.components = [...outer.components, ...item.components];
    last.end = outer.end;
  }
}
