// Formex number labels (NO.P, NO.PARAG) as path tokens and as the cite keys EU acts use for
// points: '(a)' -> 'a' / 'point (a)', '1.' -> '1' / 'point 1'.

/** '(1)' -> '1', '1.' -> '1', 'a)' -> 'a', '(iii)' -> 'iii', '1.1.' -> '1.1'. */
export function cleanNumber(raw: string): string {
  return raw
    .trim()
    .replace(/^\(/, '')
    .replace(/[).]+$/, '')
    .replace(/\)$/, '')
    .trim()
    .toLowerCase();
}

/** '(a)' and 'a)' -> 'point (a)'; '1.' -> 'point 1' (as EU acts cite them). */
export function pointCiteKey(raw: string, number: string): string {
  return /\)/.test(raw) ? `point (${number})` : `point ${number}`;
}
