// Shared parser for Czech (and Slovak) statute text: turns plain lines into the ParsedNode tree
// ČÁST > HLAVA > Díl > Oddíl > § N / Čl. N > (n) > a) > 1., plus helpers for Czech dates and headers.
import type { ParsedNode } from '../model.js';
import { normalizeWhitespace } from './shared/whitespace.js';
import { detectStatuteLanguage, type StatuteLanguage } from './czech/language.js';
import { addLooseText, handleFootnote, handleSignature } from './czech/loose-text.js';
import { classifyLine } from './czech/markers.js';
import { findQuotedLines } from './czech/quotations.js';
import { dropRepealed } from './czech/repealed.js';
import {
  addText,
  insideArticle,
  newBuildState,
  openArticle,
  openContent,
  openGroup,
  openHeadingGroup,
  openInner,
  openSchedule,
} from './czech/tree.js';

export { findAdoptionDate, findEffectiveDate, parseCzechDate } from './czech/dates.js';
export { findEnactingIssuer } from './czech/issuer.js';
export { detectStatuteLanguage, type StatuteLanguage } from './czech/language.js';
export { isStructureMarker } from './czech/markers.js';
export { parseCzechOrdinal } from './czech/ordinals.js';
export { romanToNumber } from './shared/numbers.js';
/** Collapses runs of whitespace (tabs, NBSP, spaces) and trims, so sources compare equal. */
export { normalizeWhitespace as normalizeText } from './shared/whitespace.js';

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

/**
 * Builds the node tree from statute lines. Never throws: unknown lines become text of the
 * deepest open node (or of the intro before the first structure element).
 */
export function parseCzechStructure(input: StructureLine[], language?: StatuteLanguage): StructureResult {
  const lines = input.map((l) => ({ ...l, text: normalizeWhitespace(l.text) })).filter((l) => l.text !== '');
  const lang = language ?? detectStatuteLanguage(lines.map((l) => l.text).join('\n'));
  const quoted = findQuotedLines(lines.map((l) => l.text));
  const state = newBuildState(lang);

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
      case 'part':
      case 'title':
      case 'chapter':
      case 'section':
        openGroup(state, marker);
        return;
      case 'article':
        openArticle(state, marker);
        return;
      case 'paragraph':
      case 'letter':
      case 'point':
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
        else if (state.afterSignatures && state.looseContent?.rawType === 'podpisy')
          addText(state, state.looseContent, line.text);
        else addLooseText(state, line.text, next);
    }
  });

  return { nodes: dropRepealed(state.topLevel), language: lang };
}

/** Every node of a tree, depth first (handy for callers and tests). */
export function flattenNodes(nodes: ParsedNode[]): ParsedNode[] {
  return nodes.flatMap((n) => [n, ...flattenNodes(n.children)]);
}
