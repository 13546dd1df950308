// Folding used for matching what people type: case, Czech diacritics and spacing do not matter.

/**
 * Lowercase, accents stripped, punctuation and whitespace folded to single spaces (the '/' of
 * law numbers kept): 'Zákon, kterým se  mění' -> 'zakon kterym se meni'.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/]+/gu, ' ')
    .trim();
}

/**
 * A law number as a key: '1/1993 Sb.' -> '1/1993sb', '1/1993' -> '1/1993', so that a typed
 * number is a prefix of the stored key.
 */
export function externalKeyOf(externalId: string): string {
  return foldForSearch(externalId).replace(/[\s.]+/gu, '');
}
