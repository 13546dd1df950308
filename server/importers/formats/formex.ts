// Formex 4 parser (EUR-Lex / CELLAR): an OJ package (DOC manifest + ACT + ANNEX files) becomes
// ONE ParsedDocument; components claimed by a sibling manifest yield nothing on their own.
import type { FormatParser, ParsedDocument } from '../model.js';
import { parseXml } from './formex/dom.js';
import { parsePackage, parseStandalone } from './formex/document.js';
import { isClaimedByManifest } from './formex/package.js';
import { rootElementName } from './shared/xml-prolog.js';

/** Root elements of Formex files (documents, components, OJ tables of contents). */
const FORMEX_ROOTS = new Set([
  'DOC',
  'ACT',
  'ANNEX',
  'CONS.ACT',
  'CONS.DOC',
  'CONS.ANNEX',
  'CORR',
  'GENERAL',
  'FMX',
  'PUBLICATION',
]);

export const formexParser: FormatParser = {
  name: 'formex',
  detect: detectFormex,
  parse: parseFormex,
};

function detectFormex(head: string): boolean {
  const root = rootElementName(head);
  // ACT/ANNEX/DOC are generic names: also require a Formex schema or Formex bibliographic block.
  return (
    root !== undefined &&
    FORMEX_ROOTS.has(root) &&
    /formex\.publications\.europa\.eu|formex-\d|<BIB\.(?:INSTANCE|DOC|OJ)\b/.test(head)
  );
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
