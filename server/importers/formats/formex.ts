// Formex 4 parser (EUR-Lex / CELLAR): an OJ package (DOC manifest + ACT + ANNEX files) becomes
// ONE ParsedDocument; components claimed by a sibling manifest yield nothing on their own.
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { ImportError, type FormatParser, type ParsedDocument, type ParsedNode } from '../model.js';

/** Root elements of Formex files (documents, components, OJ tables of contents). */
const FORMEX_ROOTS = new Set(['DOC', 'ACT', 'ANNEX', 'CONS.ACT', 'CONS.DOC', 'CONS.ANNEX', 'CORR', 'GENERAL', 'FMX', 'PUBLICATION']);

export const formexParser: FormatParser = {
  name: 'formex',
  detect: detectFormex,
  parse: parseFormex,
};

function detectFormex(head: string): boolean {
  const root = rootElementName(head);
  // ACT/ANNEX/DOC are generic names: also require a Formex schema or Formex bibliographic block.
  return root !== undefined && FORMEX_ROOTS.has(root) && /formex\.publications\.europa\.eu|formex-\d|<BIB\.(?:INSTANCE|DOC|OJ)\b/.test(head);
}

function parseFormex(content: string, file: string): ParsedDocument[] {
  const root = parseXml(content, file);
  switch (root.nodeName) {
    case 'DOC':
      return [parsePackage(root, file)];
    case 'PUBLICATION':
      return []; // the OJ issue's table of contents: no legal text of its own
    default:
      if (isClaimedByManifest(file)) return [];
      return [parseStandalone(root, file)];
  }
}

// ---------------------------------------------------------------------------------------------
// XML helpers

function parseXml(content: string, file: string): Element {
  let failure: { message: string; line?: number } | undefined;
  const onError = (level: string, message: string, context: unknown) => {
    // Warnings (e.g. an unresolvable DOCTYPE) are harmless; errors mean ill-formed input.
    if (level === 'warning') return;
    failure ??= { message, line: (context as { locator?: { lineNumber?: number } } | undefined)?.locator?.lineNumber };
    throw new Error(message); // stop parsing at the first error
  };
  let root: Element | null = null;
  try {
    root = new DOMParser({ onError }).parseFromString(content.replace(/^\uFEFF/, ''), 'text/xml').documentElement;
  } catch (error) {
    failure ??= { message: error instanceof Error ? error.message : String(error) };
  }
  if (failure || !root) {
    const place = failure?.line ? `line ${failure.line}` : 'document';
    throw new ImportError(file, place, `not well-formed XML: ${firstLine(failure?.message ?? 'no root element')}`);
  }
  return root;
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? text;
}

function rootElementName(head: string): string | undefined {
  const prolog = /^(?:\uFEFF|\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*<([A-Za-z_][\w.:-]*)/;
  return prolog.exec(head)?.[1];
}

function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (isElement(n)) out.push(n);
  return out;
}

function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

function child(el: Element | undefined, name: string): Element | undefined {
  return el ? childElements(el).find((c) => c.nodeName === name) : undefined;
}

/** First element reached by a path of child names: childPath(root, 'BIB.DOC', 'NO.DOC'). */
function childPath(el: Element | undefined, ...names: string[]): Element | undefined {
  return names.reduce<Element | undefined>((cur, name) => child(cur, name), el);
}

function descendants(el: Element, name: string): Element[] {
  return Array.from(el.getElementsByTagName(name));
}

function textOf(el: Element | undefined): string | undefined {
  if (!el) return undefined;
  const text = inlineText(el);
  return text || undefined;
}

/** Element text with footnotes dropped and Formex quotation marks restored. */
function inlineText(node: Node): string {
  return collectInline(node).replace(/[ \t\r\n]+/g, ' ').trim();
}

function collectInline(node: Node): string {
  if (node.nodeType === 3 || node.nodeType === 4) return node.nodeValue ?? '';
  if (!isElement(node)) return '';
  if (node.nodeName === 'NOTE') return ''; // footnotes are not part of the provision's text
  if (node.nodeName === 'QUOT.START' || node.nodeName === 'QUOT.END') return quoteMark(node);
  let text = '';
  for (let n = node.firstChild; n; n = n.nextSibling) {
    const part = collectInline(n);
    // Adjacent block children (<P>, <CELL>) must not glue words together.
    text += part && isElement(n) && BLOCK_ELEMENTS.has(n.nodeName) ? ` ${part} ` : part;
  }
  return text;
}

function quoteMark(el: Element): string {
  const code = parseInt(el.getAttribute('CODE') ?? '', 16);
  return Number.isFinite(code) && code > 0 ? String.fromCodePoint(code) : '"';
}

// ---------------------------------------------------------------------------------------------
// Package resolution: manifest -> act + annexes (+ files the annexes include)

interface ComponentRef {
  file: string;
  noSeq: string;
  /** DOC.SUB.PUB TYPE ('ANNEX', ...); undefined for the main publication. */
  type?: string;
}

interface LoadedComponent {
  file: string;
  root: Element;
}

interface FormexPackage {
  manifest: Element;
  act: LoadedComponent;
  annexes: LoadedComponent[];
  /** Every file the package consumes, including annex inclusions. */
  members: Set<string>;
}

interface SiblingInfo {
  file: string;
  root: string;
  noSeq?: string;
}

function manifestRefs(manifest: Element): { main?: ComponentRef; subs: ComponentRef[] } {
  const fmx = child(manifest, 'FMX');
  const toRef = (pub: Element): ComponentRef | undefined => {
    const file = child(pub, 'REF.PHYS')?.getAttribute('FILE');
    if (!file) return undefined;
    return { file, noSeq: pub.getAttribute('NO.SEQ') ?? '', type: pub.getAttribute('TYPE') ?? undefined };
  };
  const mainPub = child(fmx, 'DOC.MAIN.PUB');
  const subs = fmx ? childElements(fmx).filter((el) => el.nodeName === 'DOC.SUB.PUB') : [];
  return {
    main: mainPub ? toRef(mainPub) : undefined,
    subs: subs.map(toRef).filter((ref): ref is ComponentRef => ref !== undefined),
  };
}

/**
 * CELLAR renames package files (DOC_1.xml ... DOC_4.xml) while the manifest keeps the OJ names
 * (L_2011334EN.01002501.xml), so a reference falls back to the sibling with the same NO.SEQ.
 */
function resolveRef(dir: string, ref: { file: string; noSeq: string }, siblings: SiblingInfo[]): string | undefined {
  const byName = path.join(dir, ref.file);
  if (fs.existsSync(byName)) return byName;
  return siblings.find((s) => s.noSeq !== undefined && s.noSeq === ref.noSeq)?.file;
}

function resolvePackage(manifest: Element, manifestFile: string, strict: boolean): FormexPackage | undefined {
  const dir = path.dirname(manifestFile);
  const siblings = listSiblings(dir, manifestFile);
  const { main, subs } = manifestRefs(manifest);
  const fail = (place: string, reason: string) => {
    if (strict) throw new ImportError(manifestFile, place, reason);
    return undefined;
  };
  if (!main) return fail('FMX/DOC.MAIN.PUB', 'manifest names no main publication file');
  const actFile = resolveRef(dir, main, siblings);
  if (!actFile) return fail('DOC.MAIN.PUB', `referenced file ${main.file} (NO.SEQ ${main.noSeq}) not found`);
  const act = { file: actFile, root: parseXml(readText(actFile), actFile) };
  const members = new Set([actFile]);
  const annexes: LoadedComponent[] = [];
  // Only annexes belong to the act; other sub-publications stay separate documents.
  for (const ref of subs.filter((s) => s.type === 'ANNEX')) {
    const annexFile = resolveRef(dir, ref, siblings);
    if (!annexFile) return fail('DOC.SUB.PUB', `referenced annex ${ref.file} (NO.SEQ ${ref.noSeq}) not found`);
    annexes.push({ file: annexFile, root: parseXml(readText(annexFile), annexFile) });
    members.add(annexFile);
  }
  for (const annex of annexes) {
    for (const included of resolveInclusions(annex, siblings)) members.add(included.file);
  }
  return { manifest, act, annexes, members };
}

/** Files an annex pulls in with <INCL.ELEMENT FILEREF>, in document order. */
function resolveInclusions(component: LoadedComponent, siblings: SiblingInfo[]): LoadedComponent[] {
  const dir = path.dirname(component.file);
  const ownSeq = textOf(childPath(component.root, 'BIB.INSTANCE', 'NO.SEQ')) ?? '';
  const nested = siblings.filter((s) => ownSeq && s.noSeq?.startsWith(`${ownSeq}.`));
  const refs = descendants(component.root, 'INCL.ELEMENT').filter((el) => el.parentNode?.nodeName !== 'INCLUSIONS');
  return refs.flatMap((el, i) => {
    const fileRef = el.getAttribute('FILEREF') ?? '';
    const byName = path.join(dir, fileRef);
    const file = fileRef && fs.existsSync(byName) ? byName : nested[i]?.file;
    return file ? [{ file, root: parseXml(readText(file), file) }] : [];
  });
}

function listSiblings(dir: string, except: string): SiblingInfo[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.xml'))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== except)
    .sort()
    .map(sniffSibling)
    .filter((info): info is SiblingInfo => info !== undefined);
}

/** Root name and BIB.INSTANCE/NO.SEQ from the first few KB: cheap enough for every sibling. */
function sniffSibling(file: string): SiblingInfo | undefined {
  const head = readHead(file, 8192);
  const root = rootElementName(head);
  if (!root) return undefined;
  const noSeq = /<BIB\.INSTANCE>[\s\S]*?<NO\.SEQ>([^<]+)<\/NO\.SEQ>/.exec(head)?.[1]?.trim();
  return { file, root, ...(noSeq ? { noSeq } : {}) };
}

function isClaimedByManifest(file: string): boolean {
  const dir = path.dirname(file);
  for (const sibling of listSiblings(dir, file)) {
    if (sibling.root !== 'DOC') continue;
    try {
      const manifest = parseXml(readText(sibling.file), sibling.file);
      if (resolvePackage(manifest, sibling.file, false)?.members.has(file)) return true;
    } catch {
      // A broken sibling manifest is reported when that manifest itself is imported.
    }
  }
  return false;
}

function readText(file: string): string {
  const bytes = fs.readFileSync(file);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

function readHead(file: string, size: number): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, 0);
    return new TextDecoder('utf-8').decode(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// Documents

function parsePackage(manifest: Element, file: string): ParsedDocument {
  const pkg = resolvePackage(manifest, file, true);
  if (!pkg) throw new ImportError(file, 'FMX', 'package could not be resolved');
  const siblings = listSiblings(path.dirname(file), file);
  const language = documentLanguage(pkg.act.root, file);
  const builder = new NodeBuilder(language);
  const nodes = [
    ...actNodes(pkg.act.root, builder),
    ...pkg.annexes.map((annex, i) => annexNode(annex.root, i + 1, builder, resolveInclusions(annex, siblings))),
  ];
  const bib = bibliography(pkg.act.root, manifest);
  return assembleDocument(bib, language, nodes, [file, pkg.act.file, ...pkg.annexes.map((a) => a.file)]);
}

function parseStandalone(root: Element, file: string): ParsedDocument {
  const language = documentLanguage(root, file);
  const builder = new NodeBuilder(language);
  const siblings = listSiblings(path.dirname(file), file);
  const nodes =
    root.nodeName === 'ANNEX' || root.nodeName === 'CONS.ANNEX'
      ? [annexNode(root, 1, builder, resolveInclusions({ file, root }, siblings))]
      : actNodes(root, builder);
  return assembleDocument(bibliography(root, undefined), language, nodes, [file]);
}

interface Bibliography {
  title?: string;
  kind?: string;
  celex?: string;
  eli?: string;
  ojReference?: string;
  ojDate?: string;
  authors: string[];
}

function assembleDocument(bib: Bibliography, language: string, nodes: ParsedNode[], files: string[]): ParsedDocument {
  const externalId = bib.celex ?? bib.ojReference ?? path.basename(files[0] ?? 'formex');
  const sourceIds: Record<string, string> = { file: files.map((f) => path.basename(f)).join(' ') };
  if (bib.celex) sourceIds.celex = bib.celex;
  if (bib.eli) sourceIds.eli = bib.eli;
  if (bib.ojReference) sourceIds.oj = bib.ojReference;
  return {
    externalId,
    metadata: {
      title: bib.title ?? externalId,
      ...(bib.kind ? { kind: bib.kind } : {}),
      ...(bib.authors.length ? { issuer: bib.authors.join(', ') } : {}),
      sourceSystem: 'formex',
      sourceIds,
    },
    ...(bib.ojDate ? { publishedDate: bib.ojDate } : {}),
    languages: [language],
    nodes,
  };
}

const KIND_BY_LEGAL_VALUE: [RegExp, string][] = [
  [/^REG/, 'Regulation'],
  [/^DIR/, 'Directive'],
  [/^DEC/, 'Decision'],
  [/^REC/, 'Recommendation'],
];
const CELEX_TYPE_BY_KIND: Record<string, string> = { Regulation: 'R', Directive: 'L', Decision: 'D' };

function bibliography(component: Element, manifest: Element | undefined): Bibliography {
  const title = textOf(childPath(component, 'TITLE', 'TI')) ?? manifestTitle(manifest);
  const legalValue = textOf(descendants(manifest ?? component, 'LEGAL.VALUE')[0]) ?? '';
  const kind = kindInTitle(title) ?? KIND_BY_LEGAL_VALUE.find(([re]) => re.test(legalValue))?.[1];
  const noDoc = childPath(manifest, 'BIB.DOC', 'NO.DOC') ?? childPath(component, 'BIB.INSTANCE', 'NO.DOC');
  const explicitCelex = textOf(descendants(manifest ?? component, 'NO.CELEX')[0]);
  const publication = child(manifest, 'PUBLICATION.REF');
  const eli = childPath(manifest, 'BIB.DOC', 'NO.ELI')?.getAttribute('ID') ?? undefined;
  const ojDate = isoDate(child(publication, 'DATE')?.getAttribute('ISO'));
  return {
    title,
    kind,
    celex: explicitCelex ?? celexFor(kind, noDoc),
    eli,
    ojReference: ojReference(publication ?? childPath(component, 'BIB.INSTANCE', 'DOCUMENT.REF'), manifest),
    ojDate,
    authors: [...new Set(descendants(childPath(manifest, 'BIB.DOC') ?? component, 'AUTHOR').map((a) => textOf(a) ?? ''))].filter(Boolean),
  };
}

function manifestTitle(manifest: Element | undefined): string | undefined {
  const titled = manifest ? descendants(manifest, 'TITLE').find((t) => child(t, 'TI')) : undefined;
  return textOf(child(titled, 'TI'));
}

/** 'Commission Implementing Regulation (EU) No 1319/2011 ...' -> 'Regulation'. */
function kindInTitle(title: string | undefined): string | undefined {
  return /\b(Regulation|Directive|Decision|Recommendation)\b/i.exec(title ?? '')?.[1]?.replace(/^./, (c) => c.toUpperCase());
}

/** Sector 3 (legal acts) + year + type letter + 4-digit number: Regulation 2024/903 -> 32024R0903. */
function celexFor(kind: string | undefined, noDoc: Element | undefined): string | undefined {
  const type = kind ? CELEX_TYPE_BY_KIND[kind] : undefined;
  const year = textOf(child(noDoc, 'YEAR'));
  const number = textOf(child(noDoc, 'NO.CURRENT'));
  if (!type || !year || !number || !/^\d{4}$/.test(year) || !/^\d+$/.test(number)) return undefined;
  return `3${year}${type}${number.padStart(4, '0')}`;
}

/** 'OJ L 334, 16.12.2011, p. 25' (issue-based OJ) or 'OJ L, 2024/903, 22.3.2024' (act-by-act OJ). */
function ojReference(ref: Element | undefined, manifest: Element | undefined): string | undefined {
  const coll = textOf(child(ref, 'COLL'));
  if (!ref || !coll) return undefined;
  const iso = child(ref, 'DATE')?.getAttribute('ISO');
  const date = iso && /^\d{8}$/.test(iso) ? `${Number(iso.slice(6, 8))}.${Number(iso.slice(4, 6))}.${iso.slice(0, 4)}` : textOf(child(ref, 'YEAR'));
  const issue = textOf(child(ref, 'NO.OJ'));
  if (issue) {
    const page = textOf(child(ref, 'PAGE.FIRST')) ?? textOf(childPath(manifest, 'FMX', 'DOC.MAIN.PUB', 'PAGE.FIRST'));
    return [`OJ ${coll} ${Number(issue)}`, date, page ? `p. ${page}` : undefined].filter(Boolean).join(', ');
  }
  const noDoc = child(ref, 'NO.DOC');
  const number = `${textOf(child(noDoc, 'YEAR')) ?? '?'}/${textOf(child(noDoc, 'NO.CURRENT')) ?? '?'}`;
  return [`OJ ${coll}`, number, iso ? date : undefined].filter(Boolean).join(', ');
}

function isoDate(compact: string | null | undefined): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(compact ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** LG.DOC ('EN') or the language letters in the OJ file name (L_202400903EN...). */
function documentLanguage(component: Element, file: string): string {
  const declared = textOf(descendants(component, 'LG.DOC')[0]) ?? textOf(descendants(component, 'LG.OJ')[0]);
  const fromName = /_\d+([A-Z]{2})\./.exec(path.basename(file))?.[1];
  return (declared ?? fromName ?? 'en').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Structure

/** Elements that start a new text unit (everything else is inline). */
const BLOCK_ELEMENTS = new Set([
  'ALINEA', 'P', 'LIST', 'ITEM', 'NP', 'TBL', 'CORPUS', 'ROW', 'CELL', 'QUOT.S', 'GR.SEQ', 'ARTICLE',
  'PARAG', 'CONTENTS', 'INCL.ELEMENT', 'TITLE', 'TI', 'STI', 'DIVISION', 'SIGNATURE', 'PL.DATE', 'SIGNATORY',
  'GR.NOTES', 'NOTE', 'FORMULA', 'GR.VISA', 'VISA', 'GR.CONSID', 'CONSID', 'GR.CONSID.INIT', 'PREAMBLE.INIT',
  'PREAMBLE.FINAL', 'NO.P', 'NO.PARAG', 'TI.ART', 'STI.ART', 'BIB.INSTANCE', 'INCLUSIONS', 'TOC',
]);

/** Metadata and footnotes: never part of the text. */
const METADATA_ELEMENTS = new Set(['BIB.INSTANCE', 'INCLUSIONS', 'NOTE', 'GR.NOTES']);

/** Numbers and headings the enclosing node already turned into citeKey/title. */
const CONSUMED_ELEMENTS = new Set(['NO.PARAG', 'NO.P', 'TI.ART', 'STI.ART']);

const DIVISION_KINDS: Record<string, { nodeType: string; prefix: string }> = {
  part: { nodeType: 'part', prefix: 'part' },
  title: { nodeType: 'title', prefix: 'tit' },
  chapter: { nodeType: 'chapter', prefix: 'chp' },
  section: { nodeType: 'section', prefix: 'sec' },
};

/** Creates nodes with unique paths and keeps text order when text follows child nodes. */
class NodeBuilder {
  private readonly usedPaths = new Set<string>();
  /** Included files (INCL.ELEMENT) waiting to be inlined, in document order. */
  inclusions: LoadedComponent[] = [];
  /** A number ('1.', '(a)') in flattened text, glued to the text unit that follows it. */
  pendingPrefix = '';

  constructor(readonly language: string) {}

  node(nodeType: string, rawType: string, wantedPath: string, citeKey?: string, title?: string): ParsedNode {
    let candidate = wantedPath;
    for (let n = 2; this.usedPaths.has(candidate); n++) candidate = `${wantedPath}~${n}`;
    this.usedPaths.add(candidate);
    const node: ParsedNode = { nodeType, rawType, path: candidate, texts: [], children: [] };
    // Citations are typed with plain spaces; the OJ writes 'Article\u00a01'.
    if (citeKey) node.citeKey = citeKey.replace(/\s+/g, ' ').trim();
    if (title) node.title = title;
    return node;
  }

  /** Texts come before children in the model, so text after a child goes into a 'content' child. */
  addText(target: ParsedNode, text: string): void {
    if (!text.trim()) return;
    const unit = { [this.language]: `${this.pendingPrefix}${text}`.trim() };
    this.pendingPrefix = '';
    if (target.children.length === 0) {
      target.texts.push(unit);
      return;
    }
    let tail = target.children.at(-1);
    if (tail?.rawType !== 'TEXT') {
      tail = this.node('content', 'TEXT', `${target.path}/txt-${target.children.length + 1}`);
      target.children.push(tail);
    }
    tail.texts.push(unit);
  }
}

function actNodes(act: Element, builder: NodeBuilder): ParsedNode[] {
  const nodes: ParsedNode[] = [];
  for (const el of childElements(act)) {
    if (el.nodeName === 'PREAMBLE') nodes.push(preambleNode(el, builder));
    else if (el.nodeName === 'ENACTING.TERMS') nodes.push(...enactingNodes(el, '', builder));
    else if (el.nodeName === 'FINAL') nodes.push(finalNode(el, builder));
    else if (el.nodeName === 'CONS.DOC' || el.nodeName === 'ACT') nodes.push(...actNodes(el, builder));
  }
  return nodes;
}

function preambleNode(preamble: Element, builder: NodeBuilder): ParsedNode {
  const node = builder.node('content', 'PREAMBLE', 'preamble', 'Preamble');
  for (const el of childElements(preamble)) {
    if (el.nodeName === 'GR.VISA' || el.nodeName === 'GR.CONSID') {
      for (const part of childElements(el)) addPreamblePart(node, part, builder);
    } else addPreamblePart(node, el, builder);
  }
  return node;
}

function addPreamblePart(preamble: ParsedNode, el: Element, builder: NodeBuilder): void {
  if (el.nodeName !== 'CONSID') {
    builder.addText(preamble, inlineText(el));
    return;
  }
  // Recitals are cited ('recital 12'), so each becomes its own node.
  const number = cleanNumber(textOf(descendants(el, 'NO.P')[0]) ?? '') || String(preamble.children.length + 1);
  const recital = builder.node('content', 'CONSID', `preamble/rct-${number}`, `recital ${number}`);
  addBlocks(recital, child(el, 'NP') ?? el, builder, false);
  preamble.children.push(recital);
}

function enactingNodes(container: Element, divisionPath: string, builder: NodeBuilder): ParsedNode[] {
  const nodes: ParsedNode[] = [];
  for (const el of childElements(container)) {
    if (el.nodeName === 'DIVISION') nodes.push(divisionNode(el, divisionPath, builder));
    else if (el.nodeName === 'ARTICLE') nodes.push(articleNode(el, '', builder));
    else if (!METADATA_ELEMENTS.has(el.nodeName) && el.nodeName !== 'TITLE') {
      const loose = builder.node('content', el.nodeName, joinPath(divisionPath, `txt-${nodes.length + 1}`));
      addBlocks(loose, el, builder, false);
      nodes.push(loose);
    }
  }
  return nodes;
}

/** 'Chapter 1' / 'TITLE II' / 'SECTION 3' headings become chapter/title/section nodes. */
function divisionNode(division: Element, parentPath: string, builder: NodeBuilder): ParsedNode {
  const heading = textOf(childPath(division, 'TITLE', 'TI')) ?? '';
  const title = textOf(childPath(division, 'TITLE', 'STI'));
  const m = /^(part|title|chapter|section)\s+(\S+)/i.exec(heading);
  const kind = m ? DIVISION_KINDS[(m[1] ?? '').toLowerCase()] : undefined;
  const number = m?.[2] ? pathNumber(m[2].replace(/\.$/, '')) : undefined;
  const ownPath = joinPath(parentPath, kind && number ? `${kind.prefix}-${number}` : `div-${division.getAttribute('IDENTIFIER') ?? '1'}`);
  const node = builder.node(kind?.nodeType ?? 'DIVISION', 'DIVISION', ownPath, heading || undefined, title);
  node.children.push(...enactingNodes(division, node.path, builder));
  return node;
}

/** Articles are numbered across divisions, so their paths are flat ('art-5') under the act or annex. */
function articleNode(article: Element, scopePath: string, builder: NodeBuilder): ParsedNode {
  const heading = textOf(child(article, 'TI.ART'));
  const identifier = parseInt(article.getAttribute('IDENTIFIER') ?? '', 10);
  const number = /^Article\s+(\S+)/i.exec(heading ?? '')?.[1] ?? (identifier > 0 ? String(identifier) : '');
  const citeKey = heading ?? (number ? `Article ${number}` : undefined);
  const node = builder.node('article', 'ARTICLE', joinPath(scopePath, `art-${number.toLowerCase() || 'x'}`), citeKey, textOf(child(article, 'STI.ART')));
  for (const el of childElements(article)) {
    if (el.nodeName === 'PARAG') node.children.push(paragraphNode(el, node, builder));
    else addBlock(node, el, builder, false);
  }
  return node;
}

/**
 * NO.PARAG '1.' -> citeKey 'paragraph 1', path 'art-5/par-1': 'Article 5(1)' resolves by the
 * article's citeKey plus the bare number after 'paragraph ' (the English form of 'odst. 1').
 */
function paragraphNode(parag: Element, article: ParsedNode, builder: NodeBuilder): ParsedNode {
  const number = cleanNumber(textOf(child(parag, 'NO.PARAG')) ?? '') || String(article.children.length + 1);
  const node = builder.node('paragraph', 'PARAG', `${article.path}/par-${number}`, `paragraph ${number}`);
  addBlocks(node, parag, builder, false);
  return node;
}

/** LIST/ITEM and stand-alone NP: 'point (a)' -> path '.../pt-a'; unnumbered dash items are indents. */
function pointNode(item: Element, parent: ParsedNode, indentNo: number, builder: NodeBuilder): ParsedNode {
  const np = item.nodeName === 'NP' ? item : child(item, 'NP');
  const rawNumber = textOf(child(np, 'NO.P'));
  const number = rawNumber ? cleanNumber(rawNumber) : '';
  const node = number
    ? builder.node('clause', item.nodeName, `${parent.path}/pt-${number.replace(/\./g, '-')}`, pointCiteKey(rawNumber ?? '', number))
    : builder.node('clause', item.nodeName, `${parent.path}/ind-${indentNo}`, `indent ${indentNo}`);
  // The NP holds the number and the point's own text; anything beside it in the ITEM follows.
  for (const el of item === np ? [np] : childElements(item)) {
    if (el === np) addBlocks(node, np, builder, false);
    else addBlock(node, el, builder, false);
  }
  return node;
}

/** '(a)' and 'a)' -> 'point (a)'; '1.' -> 'point 1' (as EU acts cite them). */
function pointCiteKey(raw: string, number: string): string {
  return /\)/.test(raw) ? `point (${number})` : `point ${number}`;
}

function annexNode(annex: Element, ordinal: number, builder: NodeBuilder, inclusions: LoadedComponent[]): ParsedNode {
  const heading = textOf(childPath(annex, 'TITLE', 'TI')) ?? 'ANNEX';
  const subtitle = textOf(childPath(annex, 'TITLE', 'STI'));
  const label = /^ANNEX(?:\s+([IVXLC]+|\d+|[A-Z]))?$/i.exec(heading.replace(/[‘’“”"]/g, '').trim());
  const number = label?.[1] ? pathNumber(label[1]) : String(ordinal);
  // A heading other than 'ANNEX …' ('Chronological Index') is the annex's title.
  const citeKey = label ? (label[1] ? `Annex ${label[1]}` : 'Annex') : `Annex ${ordinal}`;
  const node = builder.node('schedule', 'ANNEX', `annex-${number}`, citeKey, label ? subtitle : [heading, subtitle].filter(Boolean).join(' – '));
  builder.inclusions = [...inclusions];
  for (const el of childElements(annex)) {
    if (el.nodeName === 'CONTENTS') addBlocks(node, el, builder, false);
  }
  return node;
}

function finalNode(final: Element, builder: NodeBuilder): ParsedNode {
  const node = builder.node('content', 'FINAL', 'final');
  addBlocks(node, final, builder, true); // signature blocks: plain lines, no structure
  return node;
}

/**
 * Walks mixed content: runs of inline content become one text each, block children are
 * dispatched. With `flat` (quotations: text being inserted into another act) nothing becomes a
 * node, so a quoted 'Article 4' never collides with this act's own Article 4.
 */
function addBlocks(target: ParsedNode, container: Element, builder: NodeBuilder, flat: boolean): void {
  let inline = '';
  const flush = () => {
    builder.addText(target, inline.replace(/[ \t\r\n]+/g, ' ').trim());
    inline = '';
  };
  for (let n = container.firstChild; n; n = n.nextSibling) {
    if (isElement(n) && BLOCK_ELEMENTS.has(n.nodeName)) {
      flush();
      addBlock(target, n, builder, flat);
    } else inline += collectInline(n);
  }
  flush();
}

function addBlock(target: ParsedNode, el: Element, builder: NodeBuilder, flat: boolean): void {
  const name = el.nodeName;
  if (METADATA_ELEMENTS.has(name)) return;
  if (name === 'QUOT.S') return addBlocks(target, el, builder, true);
  if (name === 'INCL.ELEMENT') return addInclusion(target, builder, flat);
  if (name === 'TBL') return addTable(target, el, builder);
  if (flat) return addFlattened(target, el, builder);
  if (CONSUMED_ELEMENTS.has(name)) return;
  if (name === 'LIST') {
    let indent = 0;
    for (const item of childElements(el).filter((c) => c.nodeName === 'ITEM')) {
      const hasNumber = Boolean(child(child(item, 'NP'), 'NO.P'));
      target.children.push(pointNode(item, target, hasNumber ? 0 : ++indent, builder));
    }
    return;
  }
  if (name === 'NP' && child(el, 'NO.P')) {
    target.children.push(pointNode(el, target, 0, builder));
    return;
  }
  if (name === 'ARTICLE') {
    target.children.push(articleNode(el, target.nodeType === 'schedule' ? target.path : '', builder));
    return;
  }
  if (name === 'GR.SEQ') return addGroup(target, el, builder);
  if (name === 'TITLE') return builder.addText(target, inlineText(el));
  addBlocks(target, el, builder, false);
}

/** Quoted or signature content: one text unit per leaf block, numbers glued to their text. */
function addFlattened(target: ParsedNode, el: Element, builder: NodeBuilder): void {
  if (el.nodeName === 'NO.P' || el.nodeName === 'NO.PARAG') {
    builder.pendingPrefix += `${inlineText(el)} `;
    return;
  }
  const isLeaf = !childElements(el).some((c) => BLOCK_ELEMENTS.has(c.nodeName) && !METADATA_ELEMENTS.has(c.nodeName));
  if (isLeaf) builder.addText(target, inlineText(el));
  else addBlocks(target, el, builder, true);
}

/** GR.SEQ: a titled group in an annex ('1. AGRICULTURE', '1.1. Directive 1999/4/EC …'). */
function addGroup(target: ParsedNode, group: Element, builder: NodeBuilder): void {
  const titleNp = childPath(group, 'TITLE', 'TI', 'NP');
  const rawNumber = textOf(child(titleNp, 'NO.P'));
  const number = rawNumber ? cleanNumber(rawNumber).replace(/\./g, '-') : String(target.children.length + 1);
  const title = textOf(child(titleNp, 'TXT')) ?? textOf(childPath(group, 'TITLE', 'TI'));
  const node = builder.node('GR.SEQ', 'GR.SEQ', `${target.path}/grp-${number}`, rawNumber ? pointCiteKey(rawNumber, cleanNumber(rawNumber)) : undefined, title);
  for (const el of childElements(group)) if (el.nodeName !== 'TITLE') addBlock(node, el, builder, false);
  target.children.push(node);
}

/** Each table row becomes one text unit, cells separated by ' | '. */
function addTable(target: ParsedNode, table: Element, builder: NodeBuilder): void {
  for (const row of descendants(table, 'ROW')) {
    const cells = childElements(row).filter((c) => c.nodeName === 'CELL').map((c) => inlineText(c));
    builder.addText(target, cells.join(' | '));
  }
}

/** Inlines the next file included with INCL.ELEMENT (its title line and contents). */
function addInclusion(target: ParsedNode, builder: NodeBuilder, flat: boolean): void {
  const included = builder.inclusions.shift();
  if (!included) return;
  builder.addText(target, textOf(childPath(included.root, 'TITLE', 'TI')) ?? '');
  const contents = child(included.root, 'CONTENTS');
  if (contents) addBlocks(target, contents, builder, flat);
}

// ---------------------------------------------------------------------------------------------
// Numbers and paths

/** '(1)' -> '1', '1.' -> '1', 'a)' -> 'a', '(iii)' -> 'iii', '1.1.' -> '1.1'. */
function cleanNumber(raw: string): string {
  return raw.trim().replace(/^\(/, '').replace(/[).]+$/, '').replace(/\)$/, '').trim().toLowerCase();
}

function joinPath(parent: string, segment: string): string {
  return parent ? `${parent}/${segment}` : segment;
}

/** Roman numerals become arabic ('II' -> '2') so 'CHAPTER II' and 'Chapter 2' share a path. */
function pathNumber(label: string): string {
  if (/^\d+[a-z]?$/i.test(label)) return label.toLowerCase();
  if (/^[IVX]+$|^[IVXLC]{2,}$/i.test(label)) return String(romanToNumber(label.toUpperCase()));
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
