// Quotations: text quoted inside an amending point („§ 5 ... “) stays text of that point, so
// markers inside it must not open structure.

const QUOTE_LOOKAHEAD = 400;

function quoteBalance(text: string): number {
  return (text.match(/„/g)?.length ?? 0) - (text.match(/“/g)?.length ?? 0);
}

/**
 * Marks lines that lie inside a multi-line „…“ quotation. An opening quote whose closing one
 * is not found within QUOTE_LOOKAHEAD lines is treated as a typo, so that one stray „ cannot
 * swallow the rest of the law.
 */
export function findQuotedLines(lines: string[]): Set<number> {
  const quoted = new Set<number>();
  let i = 0;
  while (i < lines.length) {
    const balance = quoteBalance(lines[i]!);
    if (balance <= 0) {
      i++;
      continue;
    }
    let depth = balance;
    let end = -1;
    for (let j = i + 1; j < lines.length && j <= i + QUOTE_LOOKAHEAD; j++) {
      depth += quoteBalance(lines[j]!);
      if (depth <= 0) {
        end = j;
        break;
      }
    }
    if (end < 0) {
      i++;
      continue;
    }
    for (let j = i + 1; j <= end; j++) quoted.add(j);
    i = end + 1;
  }
  return quoted;
}
