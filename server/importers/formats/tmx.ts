// TMX 1.4 parser (DGT-TM): one multilingual ParsedDocument per CELEX id, structured by the
// "Article N" / "ANNEX" heading segments; every <tu> also lands in translationUnits.
import path from 'node:path';
import {
  ImportError,
  type FormatParser,
  type ParsedDocument,
  type ParsedNode,
  type TranslationUnit,
} from '../model.js';

/** The DGT-TM property that names the CELEX document a <tu> belongs to. */
const DOC_NO_PROP = 'Txt::Doc. No.';

/** TMX inline elements that carry native codes, not translatable text. */
const CODE_ELEMENTS = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);

interface RawTu {
  /** 1-based position in the file, for error messages. */
  index: number;
  offset: number;
  celex: string;
  segments: Record<string, string>;
}

export const tmxParser: FormatParser = {
  name: 'tmx',
  detect: (head) => rootElementName(head) === 'tmx',
  parse: parseTmx,
};

function parseTmx(content: string, file: string): ParsedDocument[] {
  const tus = readTranslationUnits(content, file);
  return groupByCelex(tus).map(([celex, group]) => buildDocument(celex, group, file));
}

// ---------------------------------------------------------------------------------------------
// Lightweight XML scanning. DGT-TM files are flat and large (up to 4 MB); a regex tokenizer with
// a tag stack is ~10x faster than building a DOM and still rejects ill-formed input.

interface XmlHandler {
  open(name: string, attrs: Record<string, string>, offset: number): void;
  close(name: string, offset: number): void;
  text(text: string, offset: number): void;
}

const XML_TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|</y;
const XML_ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function scanXml(content: string, file: string, handler: XmlHandler): void {
  const stack: string[] = [];
  let rootClosed = false;
  XML_TOKEN.lastIndex = 0;
  while (XML_TOKEN.lastIndex < content.length) {
    const offset = XML_TOKEN.lastIndex;
    const m = XML_TOKEN.exec(content);
    if (!m) break; // unreachable: the last alternative matches any '<'
    const [token, cdata, slash, name, rawAttrs, selfClose, text] = m;
    if (token === '<') throw xmlError(file, content, offset, 'malformed tag');
    if (text !== undefined || cdata !== undefined) {
      const value = cdata ?? decodeEntities(text ?? '', file, content, offset);
      if (stack.length > 0) handler.text(value.replace(/\r\n?/g, '\n'), offset);
      else if (value.trim()) throw xmlError(file, content, offset, 'text outside the root element');
      continue;
    }
    if (name === undefined) continue; // comment, processing instruction, DOCTYPE
    if (slash) {
      const expected = stack.pop();
      if (expected !== name) {
        throw xmlError(file, content, offset, expected ? `expected </${expected}>, found </${name}>` : `unexpected </${name}>`);
      }
      handler.close(name, offset);
      rootClosed = stack.length === 0;
      continue;
    }
    if (rootClosed) {
      throw xmlError(file, content, offset, 'more than one root element');
    }
    handler.open(name, parseAttributes(rawAttrs ?? '', file, content, offset), offset);
    if (selfClose) {
      handler.close(name, offset);
      rootClosed = stack.length === 0;
    } else stack.push(name);
  }
  if (stack.length > 0) throw xmlError(file, content, content.length, `unclosed <${stack[stack.length - 1]}>`);
  if (!rootClosed) throw xmlError(file, content, 0, 'no root element (not an XML document)');
}

function parseAttributes(raw: string, file: string, content: string, offset: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of raw.matchAll(XML_ATTR)) {
    attrs[m[1] ?? ''] = decodeEntities(m[2] ?? m[3] ?? '', file, content, offset);
  }
  return attrs;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string, file: string, content: string, offset: number): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;\s&]*);?/g, (whole, ref: string) => {
    const decoded = decodeEntity(ref);
    if (decoded === undefined || !whole.endsWith(';')) {
      throw xmlError(file, content, offset, `invalid entity reference '${whole}'`);
    }
    return decoded;
  });
}

function decodeEntity(ref: string): string | undefined {
  if (ref in NAMED_ENTITIES) return NAMED_ENTITIES[ref];
  const m = /^#(?:x([0-9a-f]+)|(\d+))$/i.exec(ref);
  if (!m) return undefined;
  const code = m[1] ? parseInt(m[1], 16) : Number(m[2]);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function lineAt(content: string, offset: number): number {
  let line = 1;
  for (let i = content.indexOf('\n'); i !== -1 && i < offset; i = content.indexOf('\n', i + 1)) line++;
  return line;
}

function xmlError(file: string, content: string, offset: number, reason: string): ImportError {
  return new ImportError(file, `line ${lineAt(content, offset)}`, reason);
}

/** Name of the first element after the prolog (XML declaration, comments, DOCTYPE). */
function rootElementName(head: string): string | undefined {
  const prolog = /^(?:\uFEFF|\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*<([A-Za-z_][\w.:-]*)/;
  return prolog.exec(head)?.[1];
}

// ---------------------------------------------------------------------------------------------
// <tu> extraction

interface TuDraft {
  index: number;
  offset: number;
  celex?: string;
  segments: Record<string, string>;
}

function readTranslationUnits(content: string, file: string): RawTu[] {
  const tus: RawTu[] = [];
  let root: string | undefined;
  let tu: TuDraft | undefined;
  let tuvLang: string | undefined;
  let prop: { type: string; text: string } | undefined;
  let seg: string[] | undefined;
  let codeDepth = 0; // >0 while inside <bpt>/<ph>/... within a <seg>
  const tuPlace = (draft: TuDraft) => `TU #${draft.index} (line ${lineAt(content, draft.offset)})`;

  scanXml(content, file, {
    open(name, attrs, offset) {
      if (root === undefined) {
        root = name;
        if (name !== 'tmx') throw xmlError(file, content, offset, `root element is <${name}>, expected <tmx>`);
      }
      if (seg) {
        if (CODE_ELEMENTS.has(name)) codeDepth++;
        return;
      }
      if (name === 'tu') tu = { index: tus.length + 1, offset, segments: {} };
      else if (name === 'prop' && tu && !tuvLang) prop = { type: attrs.type ?? '', text: '' };
      else if (name === 'tuv' && tu) {
        const lang = attrs['xml:lang'] ?? attrs.lang;
        if (!lang) throw new ImportError(file, tuPlace(tu), '<tuv> without a lang attribute');
        tuvLang = languageCode(lang);
        if (!tuvLang) throw new ImportError(file, tuPlace(tu), `unrecognised language code '${lang}'`);
      } else if (name === 'seg' && tuvLang) seg = [];
    },
    text(text) {
      if (seg) {
        if (codeDepth === 0) seg.push(text);
      } else if (prop) prop.text += text;
    },
    close(name) {
      if (seg) {
        if (name !== 'seg') {
          if (CODE_ELEMENTS.has(name)) codeDepth--;
          return;
        }
        if (tu && tuvLang) tu.segments[tuvLang] = seg.join('').trim();
        seg = undefined;
      } else if (name === 'prop' && tu && prop) {
        if (prop.type === DOC_NO_PROP) tu.celex = prop.text.trim();
        prop = undefined;
      } else if (name === 'tuv' && tu && tuvLang) {
        if (!(tuvLang in tu.segments)) throw new ImportError(file, tuPlace(tu), `<tuv lang> ${tuvLang} without a <seg>`);
        tuvLang = undefined;
      } else if (name === 'tu' && tu) {
        if (!tu.celex) throw new ImportError(file, tuPlace(tu), `missing <prop type="${DOC_NO_PROP}">`);
        // A <tu> without any <tuv> aligns nothing; it is skipped rather than rejected.
        if (Object.keys(tu.segments).length > 0) tus.push({ ...tu, celex: tu.celex });
        tu = undefined;
      }
    },
  });
  return tus;
}

/** 'EN-GB' -> 'en', 'CS-01' -> 'cs', 'pt-BR' -> 'pt'; undefined when it is no language code. */
function languageCode(lang: string): string | undefined {
  const code = lang.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(code) ? code : undefined;
}

function groupByCelex(tus: RawTu[]): [string, RawTu[]][] {
  const groups = new Map<string, RawTu[]>();
  for (const tu of tus) {
    const group = groups.get(tu.celex);
    if (group) group.push(tu);
    else groups.set(tu.celex, [tu]);
  }
  return [...groups];
}

// ---------------------------------------------------------------------------------------------
// Document structure from a flat segment stream

type HeadingKind = 'article' | 'annex' | 'appendix' | 'chapter';

interface Heading {
  kind: HeadingKind;
  /** Number or letter as written: '5a', 'XIII', 'A'; '' for a bare 'ANNEX'. */
  label: string;
}

const HEADING_PATTERNS: [HeadingKind, RegExp][] = [
  ['article', /^(?:Article|Článek)\s+(\d+[a-z]?)$/],
  ['annex', /^(?:ANNEX|PŘÍLOHA)(?:\s+([IVXLC]+|\d+|[A-Z]))?$/],
  ['appendix', /^(?:APPENDIX|Appendix|DODATEK|Dodatek)(?:\s+([IVXLC]+|\d+|[A-Z]))?$/],
  ['chapter', /^(?:CHAPTER|KAPITOLA)\s+([IVXLC]+|\d+)$/],
];

/** Detects a heading in the EN segment, else in the CS one. */
function headingOf(tu: RawTu): Heading | undefined {
  for (const text of [tu.segments.en, tu.segments.cs]) {
    if (text === undefined) continue;
    for (const [kind, pattern] of HEADING_PATTERNS) {
      const m = pattern.exec(text.trim());
      if (m) return { kind, label: m[1] ?? '' };
    }
  }
  return undefined;
}

/** A short line right after a heading with no closing punctuation is that heading's title. */
function looksLikeTitle(text: string | undefined): text is string {
  return text !== undefined && text.length <= 200 && /^[\p{Lu}\d‘'"(]/u.test(text) && !/[.,;:]$/.test(text);
}

/** Mutable cursor while the segment stream is folded into a node tree. */
interface TreeBuilder {
  roots: ParsedNode[];
  usedPaths: Set<string>;
  /** Innermost annex/appendix: chapters and articles after it belong to it. */
  scope?: ParsedNode;
  chapter?: ParsedNode;
  current?: ParsedNode;
  /** The node whose title may be the next segment. */
  awaitingTitle?: ParsedNode;
  annexCount: number;
}

function buildNodes(tus: RawTu[]): ParsedNode[] {
  const tree: TreeBuilder = { roots: [], usedPaths: new Set(), annexCount: 0 };
  for (const tu of tus) {
    const heading = headingOf(tu);
    if (heading) {
      tree.awaitingTitle = openHeading(tree, heading);
      continue;
    }
    const pending = tree.awaitingTitle;
    tree.awaitingTitle = undefined;
    if (pending && looksLikeTitle(tu.segments.en)) {
      pending.title = tu.segments.en;
      continue;
    }
    if (!tree.scope && tree.current?.path !== 'final' && /^Done at\b/.test(tu.segments.en ?? '')) {
      openFinalProvisions(tree);
    }
    currentNode(tree).texts.push({ ...tu.segments });
  }
  return tree.roots;
}

function currentNode(tree: TreeBuilder): ParsedNode {
  if (!tree.current) {
    // Title, recitals and everything else before the first heading.
    tree.current = newNode(tree, 'content', 'preamble', 'preamble', 'Preamble');
    tree.roots.push(tree.current);
  }
  return tree.current;
}

function openFinalProvisions(tree: TreeBuilder): void {
  tree.chapter = undefined;
  tree.current = newNode(tree, 'content', 'final', 'final');
  tree.roots.push(tree.current);
}

function openHeading(tree: TreeBuilder, heading: Heading): ParsedNode {
  switch (heading.kind) {
    case 'annex': {
      tree.annexCount++;
      const number = heading.label ? pathNumber(heading.label) : String(tree.annexCount);
      const node = newNode(tree, 'schedule', 'ANNEX', `annex-${number}`, citeLabel('Annex', heading.label));
      tree.roots.push(node);
      return enterScope(tree, node);
    }
    case 'appendix': {
      const parent = tree.scope?.nodeType === 'appendix' ? undefined : tree.scope;
      const number = heading.label ? pathNumber(heading.label) : '1';
      const node = newNode(tree, 'appendix', 'APPENDIX', joinPath(parent?.path, `app-${number}`), citeLabel('Appendix', heading.label));
      (parent?.children ?? tree.roots).push(node);
      return enterScope(tree, node);
    }
    case 'chapter': {
      const node = newNode(tree, 'chapter', 'CHAPTER', joinPath(tree.scope?.path, `chp-${pathNumber(heading.label)}`), citeLabel('Chapter', heading.label));
      (tree.scope?.children ?? tree.roots).push(node);
      tree.chapter = node;
      tree.current = node;
      return node;
    }
    case 'article': {
      // Article numbers run through chapters, so the path skips the chapter.
      const node = newNode(tree, 'article', 'Article', joinPath(tree.scope?.path, `art-${heading.label}`), `Article ${heading.label}`);
      (tree.chapter?.children ?? tree.scope?.children ?? tree.roots).push(node);
      tree.current = node;
      return node;
    }
  }
}

function enterScope(tree: TreeBuilder, node: ParsedNode): ParsedNode {
  tree.scope = node;
  tree.chapter = undefined;
  tree.current = node;
  return node;
}

function newNode(tree: TreeBuilder, nodeType: string, rawType: string, wantedPath: string, citeKey?: string): ParsedNode {
  const node: ParsedNode = { nodeType, rawType, path: uniquePath(tree.usedPaths, wantedPath), texts: [], children: [] };
  if (citeKey) node.citeKey = citeKey;
  return node;
}

/** DGT-TM drops repeated segments, so equal headings can recur; later ones get '~2', '~3'. */
function uniquePath(used: Set<string>, wanted: string): string {
  let candidate = wanted;
  for (let n = 2; used.has(candidate); n++) candidate = `${wanted}~${n}`;
  used.add(candidate);
  return candidate;
}

function joinPath(parent: string | undefined, segment: string): string {
  return parent ? `${parent}/${segment}` : segment;
}

function citeLabel(word: string, label: string): string {
  return label ? `${word} ${label}` : word;
}

/** Path token for a heading number: roman numerals become arabic ('XIII' -> '13'), letters lowercase. */
function pathNumber(label: string): string {
  if (/^\d+[a-z]?$/i.test(label)) return label.toLowerCase();
  // Single C/D/L/M are annex letters far more often than 100/500/50/1000.
  if (/^[IVX]+$|^[IVXLC]{2,}$/.test(label)) return String(romanToNumber(label));
  return label.toLowerCase();
}

function romanToNumber(roman: string): number {
  const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const value = values[roman[i] ?? ''] ?? 0;
    const next = values[roman[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Metadata

const KIND_BY_CELEX_TYPE: Record<string, string> = {
  R: 'Regulation',
  L: 'Directive',
  D: 'Decision',
  A: 'Agreement',
  H: 'Recommendation',
};

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function buildDocument(celex: string, tus: RawTu[], file: string): ParsedDocument {
  const title = documentTitle(tus) ?? celex;
  const kind = KIND_BY_CELEX_TYPE[/^\d\d{4}([A-Z]+)/.exec(celex)?.[1] ?? ''];
  const publishedDate = dateInTitle(title) ?? dateInAgreementCelex(celex);
  const translationUnits: TranslationUnit[] = tus.map((tu) => ({ segments: { ...tu.segments } }));
  return {
    externalId: celex,
    metadata: {
      title,
      ...(kind ? { kind } : {}),
      sourceSystem: 'dgt-tm',
      sourceIds: { celex, file: path.basename(file) },
    },
    ...(publishedDate ? { publishedDate } : {}),
    languages: orderLanguages(tus),
    nodes: buildNodes(tus),
    translationUnits,
  };
}

/**
 * International agreements (sector 2, type A) are numbered by their date in the Official
 * Journal: 22019A0315(01) is the first agreement of 15 March 2019. The title has no date.
 */
export function dateInAgreementCelex(celex: string): string | undefined {
  const match = /^2(\d{4})A(\d{2})(\d{2})(\(\d+\))?$/.exec(celex);
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined;
}

/**
 * DGT-TM splits the act's title over several leading segments ('Decision No 1/2019',
 * 'of 10 April 2019', 'of the Joint Committee ...'); they end where the enacting body or the
 * first recital starts ('THE JOINT COMMITTEE,', 'The Parties to this Agreement,').
 */
function documentTitle(tus: RawTu[]): string | undefined {
  const parts: string[] = [];
  for (const [i, tu] of tus.slice(0, 5).entries()) {
    const en = tu.segments.en;
    if (en === undefined || headingOf(tu) || isUpperCaseLine(en)) break;
    // 'established under ..., of the other part,' is continued by 'of 19 February 2019'.
    const continues = /^\p{Ll}/u.test(tus[i + 1]?.segments.en ?? '');
    if (/[,:;]$/.test(en) && !continues) break;
    parts.push(en);
  }
  return parts.length > 0 ? parts.join(' ') : tus[0]?.segments.en;
}

function isUpperCaseLine(text: string): boolean {
  return /\p{L}{3}/u.test(text) && text === text.toUpperCase();
}

/** 'of 5\u00a0March 2019' -> '2019-03-05' (the act's date; DGT-TM carries no OJ date). */
function dateInTitle(title: string): string | undefined {
  const m = /\bof\s+(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\b/.exec(title);
  if (!m) return undefined;
  const month = MONTHS.indexOf((m[2] ?? '').toLowerCase()) + 1;
  if (month === 0) return undefined;
  return `${m[3]}-${String(month).padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`;
}

/** 'en' first, then 'cs', then the rest alphabetically. */
function orderLanguages(tus: RawTu[]): string[] {
  const present = new Set(tus.flatMap((tu) => Object.keys(tu.segments)));
  const rank = (lang: string) => (lang === 'en' ? 0 : lang === 'cs' ? 1 : 2);
  return [...present].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
