// Walks Formex mixed content: inline runs become text units, block children become articles,
// paragraphs, points, groups, table rows or inlined files; quotations stay flat text.
import type { Element } from '@xmldom/xmldom';
import type { ParsedNode } from '../../model.js';
import { joinPath } from '../shared/paths.js';
import { child, childElements, childPath, descendants, isElement } from './dom.js';
import { articleNumber } from './headings.js';
import type { NodeBuilder } from './node-builder.js';
import { cleanNumber, pointCiteKey } from './numbers.js';
import { collapseXmlWhitespace, collectInline, inlineText, textOf } from './text.js';
import { BLOCK_ELEMENTS, CONSUMED_ELEMENTS, METADATA_ELEMENTS } from './vocabulary.js';

/** Articles are numbered across divisions, so their paths are flat ('art-5') under the act or annex. */
export function articleNode(article: Element, scopePath: string, builder: NodeBuilder): ParsedNode {
  const heading = textOf(child(article, 'TI.ART'));
  const identifier = parseInt(article.getAttribute('IDENTIFIER') ?? '', 10);
  const number = articleNumber(heading ?? '') ?? (identifier > 0 ? String(identifier) : '');
  const citeKey = heading ?? (number ? `Article ${number}` : undefined);
  const node = builder.node(
    'article',
    'ARTICLE',
    joinPath(scopePath, `art-${number.toLowerCase() || 'x'}`),
    citeKey,
    textOf(child(article, 'STI.ART')),
  );
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
    ? builder.node(
        'clause',
        item.nodeName,
        `${parent.path}/pt-${number.replace(/\./g, '-')}`,
        pointCiteKey(rawNumber ?? '', number),
      )
    : builder.node('clause', item.nodeName, `${parent.path}/ind-${indentNo}`, `indent ${indentNo}`);
  // The NP holds the number and the point's own text; anything beside it in the ITEM follows.
  for (const el of item === np ? [np] : childElements(item)) {
    if (el === np) addBlocks(node, np, builder, false);
    else addBlock(node, el, builder, false);
  }
  return node;
}

/**
 * Walks mixed content: runs of inline content become one text each, block children are
 * dispatched. With `flat` (quotations: text being inserted into another act) nothing becomes a
 * node, so a quoted 'Article 4' never collides with this act's own Article 4.
 */
export function addBlocks(target: ParsedNode, container: Element, builder: NodeBuilder, flat: boolean): void {
  let inline = '';
  const flush = () => {
    builder.addText(target, collapseXmlWhitespace(inline));
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
  const node = builder.node(
    'GR.SEQ',
    'GR.SEQ',
    `${target.path}/grp-${number}`,
    rawNumber ? pointCiteKey(rawNumber, cleanNumber(rawNumber)) : undefined,
    title,
  );
  for (const el of childElements(group)) if (el.nodeName !== 'TITLE') addBlock(node, el, builder, false);
  target.children.push(node);
}

/** Each table row becomes one text unit, cells separated by ' | '. */
function addTable(target: ParsedNode, table: Element, builder: NodeBuilder): void {
  for (const row of descendants(table, 'ROW')) {
    const cells = childElements(row)
      .filter((c) => c.nodeName === 'CELL')
      .map((c) => inlineText(c));
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
