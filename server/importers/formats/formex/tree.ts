// The top-level skeleton of a Formex act: preamble (with one node per recital), enacting terms
// in their divisions (part/title/chapter/section), annexes and the final signature block.
import type { Element } from '@xmldom/xmldom';
import type { ParsedNode } from '../../model.js';
import { pathNumber } from '../shared/numbers.js';
import { joinPath } from '../shared/paths.js';
import { addBlocks, articleNode } from './content.js';
import { annexHeading, divisionHeading } from './headings.js';
import { child, childElements, childPath, descendants } from './dom.js';
import type { NodeBuilder } from './node-builder.js';
import { cleanNumber } from './numbers.js';
import type { LoadedComponent } from './package.js';
import { inlineText, textOf } from './text.js';
import { METADATA_ELEMENTS } from './vocabulary.js';

const DIVISION_KINDS: Record<string, { nodeType: string; prefix: string }> = {
  part: { nodeType: 'part', prefix: 'part' },
  title: { nodeType: 'title', prefix: 'tit' },
  chapter: { nodeType: 'chapter', prefix: 'chp' },
  section: { nodeType: 'section', prefix: 'sec' },
};

/** Nodes of an ACT (or consolidated act): preamble, enacting terms, final. */
export function actNodes(act: Element, builder: NodeBuilder): ParsedNode[] {
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
function divisionNode(element: Element, parentPath: string, builder: NodeBuilder): ParsedNode {
  const heading = textOf(childPath(element, 'TITLE', 'TI')) ?? '';
  const title = textOf(childPath(element, 'TITLE', 'STI'));
  const division = divisionHeading(heading);
  const kind = division ? DIVISION_KINDS[division.kind] : undefined;
  const number = division?.number ? pathNumber(division.number) : undefined;
  const ownPath = joinPath(
    parentPath,
    kind && number ? `${kind.prefix}-${number}` : `div-${element.getAttribute('IDENTIFIER') ?? '1'}`,
  );
  const node = builder.node(kind?.nodeType ?? 'DIVISION', 'DIVISION', ownPath, heading || undefined, title);
  node.children.push(...enactingNodes(element, node.path, builder));
  return node;
}

/** An ANNEX (the `ordinal`-th of the act) with the files it includes inlined in place. */
export function annexNode(
  annex: Element,
  ordinal: number,
  builder: NodeBuilder,
  inclusions: LoadedComponent[],
): ParsedNode {
  const heading = textOf(childPath(annex, 'TITLE', 'TI')) ?? 'ANNEX';
  const subtitle = textOf(childPath(annex, 'TITLE', 'STI'));
  // 'ANNEX II' in any language the act is published in ('PŘÍLOHA II'); the cite key is the
  // English form, which the reader heads in the language read.
  const label = annexHeading(heading);
  const number = label?.number ? pathNumber(label.number) : String(ordinal);
  // A heading other than 'ANNEX …' ('Chronological Index') is the annex's title.
  const citeKey = label ? (label.number ? `Annex ${label.number}` : 'Annex') : `Annex ${ordinal}`;
  const node = builder.node(
    'schedule',
    'ANNEX',
    `annex-${number}`,
    citeKey,
    label ? subtitle : [heading, subtitle].filter(Boolean).join(' – '),
  );
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
