// Heading numbers as paths need them: Roman numerals read as numbers, so 'CHAPTER II' and
// 'Chapter 2' (or two language versions of one act) land on the same path.

const ROMAN_VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** 'XIV' -> 14; undefined unless the text is made of the upper-case numerals I V X L C. */
export function romanToNumber(roman: string): number | undefined {
  if (!/^[IVXLC]+$/.test(roman)) return undefined;
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const value = ROMAN_VALUES[roman[i]!]!;
    const next = ROMAN_VALUES[roman[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** Path token for a heading number: 'XIII' -> '13', '5a' -> '5a', 'A' -> 'a'. */
export function pathNumber(label: string): string {
  if (/^\d+[a-z]?$/i.test(label)) return label.toLowerCase();
  // Single C/D/L/M are annex letters far more often than 100/500/50/1000.
  if (/^[IVX]+$|^[IVXLC]{2,}$/i.test(label)) return String(romanToNumber(label.toUpperCase()));
  return label.toLowerCase();
}
