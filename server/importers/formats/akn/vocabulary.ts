// The AKN element vocabulary as the tree builder sees it: which elements are structure (and
// their normalized node type), which are text blocks, and which are labels or apparatus.
import type { NodeType } from '../../model.js';

/** Hierarchical elements with a normalized node type. */
const NORMALIZED_TYPES = new Map<string, NodeType>(
  Object.entries({
    book: 'part',
    part: 'part',
    title: 'title',
    chapter: 'chapter',
    section: 'section',
    subsection: 'section',
    article: 'article',
    paragraph: 'paragraph',
    subparagraph: 'paragraph',
    point: 'clause',
    item: 'clause',
    indent: 'clause',
    alinea: 'clause',
    clause: 'clause',
    attachment: 'schedule',
    annex: 'schedule',
    component: 'schedule',
    schedule: 'schedule',
    preface: 'content',
    preamble: 'content',
    coverPage: 'content',
    recitals: 'content',
    recital: 'content',
    citations: 'content',
    citation: 'content',
    formula: 'content',
    conclusions: 'content',
    intro: 'content',
    wrapUp: 'content',
    listIntroduction: 'content',
    listWrapUp: 'content',
  } satisfies Record<string, NodeType>),
);

/** Hierarchical elements without a normalized type: they keep their local name as node type. */
const RAW_HIERARCHY = new Set([
  'hcontainer',
  'level',
  'tome',
  'subpart',
  'subtitle',
  'subchapter',
  'subclause',
  'sublist',
  'division',
  'subdivision',
  'rule',
  'subrule',
  'proviso',
  'transitional',
]);

/** Elements that become text units (or a content node) rather than structure, even though typed above. */
const TEXT_ONLY_CONTENT = new Set(['intro', 'wrapUp', 'listIntroduction', 'listWrapUp']);

/** Never part of the structure or of the text flow. */
export const METADATA_ELEMENTS = new Set(['meta', 'noteRef', 'eop', 'componentRef', 'documentRef']);

/** Labels of a structural node, read into citeKey/title instead of text. */
export const LABEL_ELEMENTS = new Set(['num', 'heading', 'subheading']);

/** Editorial notes: kept out of the sentence and appended in brackets. */
export const NOTE_ELEMENTS = new Set(['authorialNote', 'note', 'footnote']);

/** Quoted or embedded text of other acts: its articles are quotation, not this act's structure. */
export const QUOTATION_ELEMENTS = new Set(['quotedStructure', 'embeddedStructure', 'quotedText', 'subFlow']);

/** Elements that start a new text unit when met inside a text block. */
export const BLOCK_ELEMENTS = new Set([
  'p',
  'block',
  'tocItem',
  'toc',
  'table',
  'tr',
  'ul',
  'ol',
  'li',
  'list',
  'blockList',
  'blockContainer',
  'container',
  'content',
  'intro',
  'wrapUp',
  'listIntroduction',
  'listWrapUp',
  'longTitle',
  'foreign',
  'tblock',
  'div',
]);

/** Elements that separate words when flattened (line breaks, end of line markers). */
export const BREAK_ELEMENTS = new Set(['br', 'eol']);

export function isHierarchical(name: string): boolean {
  if (TEXT_ONLY_CONTENT.has(name)) return false;
  return NORMALIZED_TYPES.has(name) || RAW_HIERARCHY.has(name);
}

/**
 * Node type of a hierarchical element. An hcontainer is typed by its `name` attribute (Finlex
 * uses name="attachment", name="conclusions"), normalized when that name is known.
 */
export function nodeTypeOf(name: string, hcontainerName?: string): NodeType | string {
  const semanticName = hcontainerName ?? name;
  return NORMALIZED_TYPES.get(semanticName) ?? semanticName;
}
