// The Formex element vocabulary as the text and tree code sees it: which elements are blocks
// (start a new text unit), which are apparatus, and which a parent node has already consumed.

/** Elements that start a new text unit (everything else is inline). */
export const BLOCK_ELEMENTS = new Set([
  'ALINEA',
  'P',
  'LIST',
  'ITEM',
  'NP',
  'TBL',
  'CORPUS',
  'ROW',
  'CELL',
  'QUOT.S',
  'GR.SEQ',
  'ARTICLE',
  'PARAG',
  'CONTENTS',
  'INCL.ELEMENT',
  'TITLE',
  'TI',
  'STI',
  'DIVISION',
  'SIGNATURE',
  'PL.DATE',
  'SIGNATORY',
  'GR.NOTES',
  'NOTE',
  'FORMULA',
  'GR.VISA',
  'VISA',
  'GR.CONSID',
  'CONSID',
  'GR.CONSID.INIT',
  'PREAMBLE.INIT',
  'PREAMBLE.FINAL',
  'NO.P',
  'NO.PARAG',
  'TI.ART',
  'STI.ART',
  'BIB.INSTANCE',
  'INCLUSIONS',
  'TOC',
]);

/** Metadata and footnotes: never part of the text. */
export const METADATA_ELEMENTS = new Set(['BIB.INSTANCE', 'INCLUSIONS', 'NOTE', 'GR.NOTES']);

/** Numbers and headings the enclosing node already turned into citeKey/title. */
export const CONSUMED_ELEMENTS = new Set(['NO.PARAG', 'NO.P', 'TI.ART', 'STI.ART']);
