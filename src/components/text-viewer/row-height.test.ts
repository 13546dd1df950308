// Row height estimates of the text list.
import { describe, expect, it } from 'vitest';
import { estimateRowHeight, startsNode } from './row-height';

describe('row height estimates', () => {
  it('gives a cite-key-only fragment 50, plus 60 with a node header', () => {
    expect(estimateRowHeight({ hasText: false, startsNode: false })).toBe(50);
    expect(estimateRowHeight({ hasText: false, startsNode: true })).toBe(110);
  });

  it('gives a text half its length within 80..500, plus 16', () => {
    expect(estimateRowHeight({ hasText: true, textLength: 10, startsNode: false })).toBe(96);
    expect(estimateRowHeight({ hasText: true, textLength: 400, startsNode: false })).toBe(216);
    expect(estimateRowHeight({ hasText: true, textLength: 5000, startsNode: true })).toBe(576);
    // A text not loaded yet counts as the shortest.
    expect(estimateRowHeight({ hasText: true, startsNode: false })).toBe(96);
  });

  it('starts a node header where a new run of a node begins', () => {
    const rows = [{ node_id: 'a' }, { node_id: 'a' }, { node_id: 'b' }, { node_id: 'a' }];
    expect(rows.map((_, index) => startsNode(rows, index))).toEqual([true, false, true, true]);
  });
});
