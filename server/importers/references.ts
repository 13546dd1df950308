// Internal cross-references in fragment texts ('čl. 54 odst. 2', 'Article 5(1)(a)', 'odstavce 2'),
// resolved to node paths of the same document; references into other acts are marked external.
import type { Grammar } from './references/grammar.js';
import { grammarFor } from './references/languages.js';
import { resolveReference, type ReferenceIndex } from './references/reference-index.js';
import { scanGroups, type ScannedGroup } from './references/scanner.js';

export { buildReferenceIndex, type ReferenceIndex } from './references/reference-index.js';

export interface ReferenceSpan {
  start: number; // UTF-16 offsets into the fragment text, end exclusive
  end: number;
  citation: string; // the matched text, e.g. 'čl. 54 odst. 2'
  targetPath: string | null; // path of the resolved node in the same document, or null
  external: boolean; // true when the reference points into another act ('§ 12 zákona č. 89/2012 Sb.')
}

/**
 * The references in one fragment text, sorted by start and never overlapping. A span covers the
 * citation only ('§ 12', not '§ 12 zákona č. 89/2012 Sb.'); a range ('§ 5 až 7') is one span
 * targeting its first unit; list items ('článků 54 a 55') get a span each.
 * contextPath: path of the node that holds the text, for relative references ('odstavce 2').
 */
export function findReferences(
  text: string,
  lang: string,
  contextPath: string,
  index: ReferenceIndex,
): ReferenceSpan[] {
  const grammar = grammarFor(lang);
  const groups = scanGroups(text, grammar);
  markExternalChains(text, groups, grammar);
  const spans: ReferenceSpan[] = [];
  for (const group of groups) {
    for (const item of group.items) {
      spans.push({
        start: item.start,
        end: item.end,
        citation: text.slice(item.start, item.end),
        targetPath: group.external ? null : resolveReference(index, item.components, contextPath),
        external: group.external,
      });
    }
  }
  return spans;
}

/**
 * '§ 3 odst. 3 a § 15 odst. 1 zákona č. 168/1999 Sb.': the qualifier after the last reference
 * applies to the article references joined to it by a list word ('a', 'and'), and further back
 * over commas only within such an enumeration ('§ 3, § 5 a § 7 zákona …'), so 'Art. 1, § 823 BGB'
 * keeps Art. 1 internal. Relative references ('odstavce 2') always mean the act at hand.
 */
function markExternalChains(text: string, groups: ScannedGroup[], grammar: Grammar): void {
  let inEnumeration = false;
  for (let i = groups.length - 1; i > 0; i--) {
    const later = groups[i]!;
    const earlier = groups[i - 1]!;
    const joint = connectorBetween(text, earlier.end, later.items[0]!.start, grammar);
    const joins: boolean = joint === 'list' || joint === 'range' || (joint === 'comma' && inEnumeration);
    const inherits: boolean = later.external && joins && isArticleReference(earlier) && !earlier.external;
    if (inherits) earlier.external = true;
    inEnumeration = inherits;
  }
}

function isArticleReference(group: ScannedGroup): boolean {
  return group.items[0]?.components[0]?.level === 'article';
}

/** The connector that fills the gap exactly, or null when other words stand between. */
function connectorBetween(text: string, from: number, to: number, grammar: Grammar): 'range' | 'list' | 'comma' | null {
  const connector = grammar.connector;
  connector.lastIndex = from;
  const match = connector.exec(text);
  if (!match || connector.lastIndex !== to) return null;
  if (match[1] !== undefined) return 'range';
  return match[2] !== undefined ? 'list' : 'comma';
}
