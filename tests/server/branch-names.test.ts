import { describe, expect, it } from 'vitest';
import { pickMainBranch, snapshotName } from '../../server/importers/branch-names.js';

describe('pickMainBranch', () => {
  const today = '2026-11-22';
  it('picks the newest version already in force', () => {
    expect(
      pickMainBranch(
        [
          { id: 'a', validFrom: '1993-01-01' },
          { id: 'b', validFrom: '2026-01-01' },
          { id: 'c', validFrom: '2027-01-01' },
        ],
        today,
      ),
    ).toBe('b');
  });
  it('falls back to the earliest when every version is in the future', () => {
    expect(
      pickMainBranch(
        [
          { id: 'x', validFrom: '2030-01-01' },
          { id: 'y', validFrom: '2028-01-01' },
        ],
        today,
      ),
    ).toBe('y');
  });
  it('counts an undated draft as the oldest version', () => {
    expect(
      pickMainBranch(
        [
          { id: 'u', validFrom: null },
          { id: 'd', validFrom: '2001-01-01' },
        ],
        today,
      ),
    ).toBe('d');
    expect(pickMainBranch([{ id: 'u', validFrom: null }], today)).toBe('u');
    expect(pickMainBranch([], today)).toBeUndefined();
  });
  it('names snapshots by date', () => {
    expect(snapshotName('1993-01-01')).toBe('snapshot-1993-01-01');
    expect(snapshotName(null)).toBe('snapshot-undated');
  });
});
