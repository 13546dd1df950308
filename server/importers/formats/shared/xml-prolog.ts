// The XML prolog read by a linear scan: where a DOCTYPE ends, where the prolog ends, and the root
// element's name, for format sniffing from the first few KB without parsing the document. A
// regular expression with nested repetition here backtracked exponentially on hostile heads.

const DOCTYPE_OPEN = '<!DOCTYPE';
const ROOT_NAME = /<([A-Za-z_][\w.:-]*)/y;

/**
 * Index just past the `>` closing the DOCTYPE that starts at `start`, or -1 when there is no
 * DOCTYPE there or it never closes. Quoted literals and an internal subset `[...]` (with its own
 * quoted literals, comments and processing instructions) may hold `>`, `[` and `]`. Each
 * character is looked at once.
 */
export function doctypeEnd(text: string, start: number): number {
  if (!text.startsWith(DOCTYPE_OPEN, start)) return -1;
  let i = start + DOCTYPE_OPEN.length;
  let inSubset = false;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close === -1) return -1;
      i = close + 1;
    } else if (inSubset && text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close === -1) return -1;
      i = close + 3;
    } else if (inSubset && text.startsWith('<?', i)) {
      const close = text.indexOf('?>', i + 2);
      if (close === -1) return -1;
      i = close + 2;
    } else if (c === '[' && !inSubset) {
      inSubset = true;
      i++;
    } else if (c === ']' && inSubset) {
      inSubset = false;
      i++;
    } else if (c === '>' && !inSubset) {
      return i + 1;
    } else i++;
  }
  return -1;
}

/**
 * Index of the first character after the prolog (BOM, whitespace, XML declaration, processing
 * instructions, comments, DOCTYPE) starting at `start`. An unclosed item ends the scan before it.
 */
export function prologEnd(text: string, start = 0): number {
  let i = start;
  if (text.charCodeAt(i) === 0xfeff) i++;
  while (i < text.length) {
    const c = text[i] ?? '';
    let next = -1;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') next = i + 1;
    else if (text.startsWith('<?', i)) next = endAfter(text, '?>', i + 2);
    else if (text.startsWith('<!--', i)) next = endAfter(text, '-->', i + 4);
    else if (text.startsWith(DOCTYPE_OPEN, i)) next = doctypeEnd(text, i);
    if (next === -1) return i;
    i = next;
  }
  return i;
}

/** Name of the first element after the prolog (BOM, XML declaration, comments, DOCTYPE). */
export function rootElementName(head: string): string | undefined {
  ROOT_NAME.lastIndex = prologEnd(head);
  return ROOT_NAME.exec(head)?.[1];
}

function endAfter(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at === -1 ? -1 : at + terminator.length;
}
