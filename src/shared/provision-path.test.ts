import { describe, expect, it } from 'vitest';
import { isProvisionPath, isoDateOrUndefined, nearestNodeByPath, nodeByPath } from './provision-path';
import { versionInForceOn, versionStatus } from './versions-in-force';

const node = (external_id: string) => ({ id: `id:${external_id}`, external_id });
// The 2026 Constitution: Čl. 103 repealed, Čl. 54 has three subsections.
const nodes = [
  'uvod',
  'hlava-1',
  'cl-1',
  'cl-1/odst-1',
  'cl-10',
  'cl-10a',
  'cl-54',
  'cl-54/odst-1',
  'cl-102',
  'cl-104',
].map(node);

describe('provision paths', () => {
  it('finds a provision by its path', () => {
    expect(nodeByPath(nodes, 'cl-54/odst-1')?.id).toBe('id:cl-54/odst-1');
    expect(nodeByPath(nodes, 'cl-54/odst-2')).toBeUndefined();
  });

  it('falls back to the closest ancestor present', () => {
    expect(nearestNodeByPath(nodes, 'cl-54/odst-2/pism-a')?.id).toBe('id:cl-54');
  });

  it('falls back to the previous sibling of the same kind', () => {
    expect(nearestNodeByPath(nodes, 'cl-103')?.id).toBe('id:cl-102');
    expect(nearestNodeByPath(nodes, 'cl-10b')?.id).toBe('id:cl-10a');
    expect(nearestNodeByPath(nodes, 'par-5')).toBeUndefined();
  });

  it('accepts structural paths and eIds only', () => {
    expect(isProvisionPath('cl-54/odst-2')).toBe(true);
    expect(isProvisionPath('art_1__para_2')).toBe(true);
    expect(isProvisionPath('../x')).toBe(false);
    expect(isProvisionPath('cl-54//odst-2')).toBe(false);
    expect(isProvisionPath('<script>')).toBe(false);
  });

  it('reads a real day only', () => {
    expect(isoDateOrUndefined('2026-01-01')).toBe('2026-01-01');
    expect(isoDateOrUndefined('2026-02-30')).toBeUndefined();
    expect(isoDateOrUndefined('tomorrow')).toBeUndefined();
  });
});

describe('versions in force', () => {
  const versions = [
    { id: 'main', valid_from: '2026-01-01' },
    { id: '1993', valid_from: '1993-01-01' },
    { id: 'future', valid_from: '2030-01-01' },
    { id: 'draft', valid_from: null },
  ];

  it('picks the latest version that started on or before the day', () => {
    expect(versionInForceOn(versions, '2015-01-01')?.id).toBe('1993');
    expect(versionInForceOn(versions, '2026-01-01')?.id).toBe('main');
    expect(versionInForceOn(versions, '1990-01-01')).toBeUndefined();
  });

  it('tells in force, historical and not yet in force', () => {
    const today = '2026-11-24';
    expect(versions.map((version) => versionStatus(versions, version, today))).toEqual([
      'in_force',
      'historical',
      'not_yet_in_force',
      'undated',
    ]);
  });
});
