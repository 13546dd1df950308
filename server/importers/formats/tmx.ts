// TMX 1.4 parser (DGT-TM): one multilingual ParsedDocument per CELEX id, structured by the
// "Article N" / "ANNEX" heading segments; every <tu> also lands in translationUnits.
import path from 'node:path';
import type { FormatParser, ParsedDocument, TranslationUnit } from '../model.js';
import { rootElementName } from './shared/xml-prolog.js';
import { dateInAgreementCelex, dateInTitle, documentTitle, kindOfCelex, orderLanguages } from './tmx/metadata.js';
import { groupByCelex, readTranslationUnits, type RawTu } from './tmx/translation-units.js';
import { buildNodes } from './tmx/tree.js';

export { dateInAgreementCelex } from './tmx/metadata.js';

export const tmxParser: FormatParser = {
  name: 'tmx',
  detect: (head) => rootElementName(head) === 'tmx',
  parse: parseTmx,
};

function parseTmx(content: string, file: string): ParsedDocument[] {
  const tus = readTranslationUnits(content, file);
  return groupByCelex(tus).map(([celex, group]) => buildDocument(celex, group, file));
}

function buildDocument(celex: string, tus: RawTu[], file: string): ParsedDocument {
  const title = documentTitle(tus) ?? celex;
  const kind = kindOfCelex(celex);
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
