// Turns AKN text blocks into plain text units: inline markup flattened, whitespace collapsed,
// one unit per paragraph-like block (p, block, table row), editorial notes appended in brackets.
import type { Element, Node } from '@xmldom/xmldom';
import { normalizeWhitespace } from '../shared/whitespace.js';
import { childElements, childNodes, isElement, isText, localName } from './dom.js';
import {
  BLOCK_ELEMENTS,
  BREAK_ELEMENTS,
  LABEL_ELEMENTS,
  METADATA_ELEMENTS,
  NOTE_ELEMENTS,
  isHierarchical,
} from './vocabulary.js';

/** Full flattened text of an element (labels included), for titles and metadata values. */
export function plainText(element: Element): string {
  return normalizeWhitespace(flattenNodes([element]).text);
}

/** The text units of a text block, in document order; empty units are dropped. */
export function textUnitsOf(element: Element): string[] {
  if (localName(element) === 'table') return tableRowUnits(element);
  if (!childElements(element).some(isBlock)) return nonEmpty([unitOf([element])]);
  return nonEmpty(unitsOfMixedContent(childNodes(element)));
}

/** Text directly inside a structural element (outside any block), as one unit. */
export function looseTextUnit(nodes: Node[]): string[] {
  return nonEmpty([unitOf(nodes)]);
}

function unitsOfMixedContent(nodes: Node[]): string[] {
  const units: string[] = [];
  let inlineRun: Node[] = [];
  const flushRun = () => {
    if (inlineRun.length > 0) units.push(unitOf(inlineRun));
    inlineRun = [];
  };
  for (const node of nodes) {
    if (isElement(node) && isBlock(node)) {
      flushRun();
      units.push(...textUnitsOf(node));
    } else {
      inlineRun.push(node);
    }
  }
  flushRun();
  return units;
}

/** A table gives one unit per row, cells separated by " | ". */
function tableRowUnits(table: Element): string[] {
  const rows = collectRows(table);
  return nonEmpty(
    rows.map((row) =>
      childElements(row)
        .filter((cell) => ['td', 'th'].includes(localName(cell)))
        .map((cell) => unitOf([cell]))
        .filter((cell) => cell !== '')
        .join(' | '),
    ),
  );
}

function collectRows(element: Element): Element[] {
  return childElements(element).flatMap((child) => (localName(child) === 'tr' ? [child] : collectRows(child)));
}

function unitOf(nodes: Node[]): string {
  const { text, notes } = flattenNodes(nodes);
  const body = normalizeWhitespace(text);
  const noteSuffix = notes.map((note) => ` [${note}]`).join('');
  return (body + noteSuffix).trim();
}

interface Flattened {
  text: string;
  notes: string[];
}

/** Concatenates the text of nodes; notes are pulled out so they do not split the sentence. */
function flattenNodes(nodes: Node[]): Flattened {
  const result: Flattened = { text: '', notes: [] };
  for (const node of nodes) appendNode(node, result);
  return result;
}

function appendNode(node: Node, into: Flattened): void {
  if (isText(node)) {
    into.text += node.nodeValue ?? '';
    return;
  }
  if (!isElement(node)) return;
  const name = localName(node);
  if (METADATA_ELEMENTS.has(name)) return;
  if (BREAK_ELEMENTS.has(name)) {
    into.text += ' ';
    return;
  }
  if (NOTE_ELEMENTS.has(name)) {
    const note = normalizeWhitespace(flattenNodes(childNodes(node)).text);
    if (isMeaningfulNote(note)) into.notes.push(note);
    return;
  }
  // Block-like children (cells, labels, quoted articles) must not glue words together.
  const separated = separatesWords(name);
  if (separated) into.text += ' ';
  for (const child of childNodes(node)) appendNode(child, into);
  if (separated) into.text += ' ';
}

function separatesWords(name: string): boolean {
  return BLOCK_ELEMENTS.has(name) || LABEL_ELEMENTS.has(name) || isHierarchical(name) || name === 'td' || name === 'th';
}

/** Normattiva writes empty notes as the literal "null". */
function isMeaningfulNote(note: string): boolean {
  return note !== '' && note !== 'null';
}

function isBlock(element: Element): boolean {
  return BLOCK_ELEMENTS.has(localName(element));
}

function nonEmpty(units: string[]): string[] {
  return units.filter((unit) => unit !== '');
}
