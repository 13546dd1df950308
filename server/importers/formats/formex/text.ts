// Inline text of Formex elements: footnotes dropped, QUOT.START/QUOT.END turned back into
// quotation marks, block children kept apart by a space, XML whitespace collapsed.
import type { Element, Node } from '@xmldom/xmldom';
import { isElement } from './dom.js';
import { BLOCK_ELEMENTS } from './vocabulary.js';

/** The element's inline text, or undefined when the element is absent or has none. */
export function textOf(el: Element | undefined): string | undefined {
  if (!el) return undefined;
  const text = inlineText(el);
  return text || undefined;
}

/** Element text with footnotes dropped and Formex quotation marks restored. */
export function inlineText(node: Node): string {
  return collapseXmlWhitespace(collectInline(node));
}

/**
 * Collapses XML whitespace only: the OJ's no-break spaces ('Article\u00a01', '10\u00a0%') are
 * part of the published text and stay.
 */
export function collapseXmlWhitespace(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

/** Raw (uncollapsed) text of a node and everything inside it. */
export function collectInline(node: Node): string {
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

/** QUOT.START CODE="201C" -> '“'; a missing or broken code falls back to '"'. */
function quoteMark(el: Element): string {
  const code = parseInt(el.getAttribute('CODE') ?? '', 16);
  return Number.isFinite(code) && code > 0 ? String.fromCodePoint(code) : '"';
}
