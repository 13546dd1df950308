// Estimated heights of the text list's rows, so the virtual list starts close to the real size:
// a node header adds 60; a cite-key-only fragment is 50; a text is length / 2 within 80..500, + 16.

export const HEADER_HEIGHT = 60;
export const CITE_ONLY_HEIGHT = 50;
const MIN_TEXT = 80;
const MAX_TEXT = 500;
const TEXT_PADDING = 16;

export function estimateRowHeight(row: { hasText: boolean; textLength?: number; startsNode: boolean }): number {
  const body = row.hasText
    ? Math.min(MAX_TEXT, Math.max(MIN_TEXT, (row.textLength ?? 0) / 2)) + TEXT_PADDING
    : CITE_ONLY_HEIGHT;
  return body + (row.startsNode ? HEADER_HEIGHT : 0);
}

/** Whether row `index` starts a new run of its node's fragments (and so shows the node header). */
export const startsNode = (fragments: ReadonlyArray<{ node_id: string }>, index: number) =>
  index === 0 || fragments[index - 1]?.node_id !== fragments[index]?.node_id;
