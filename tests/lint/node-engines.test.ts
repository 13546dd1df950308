// The README promises the Node version in package.json's `engines`. A dependency that needs a newer
// Node would make that promise false (cookie@2, content-disposition@3 and swagger-client 3.39 once
// did), so every package in the lockfile must accept the oldest Node the project states.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
}

describe('node engines', () => {
  const stated = readJson<{ engines: { node: string } }>('package.json').engines.node;
  const oldest = semver.minVersion(stated)!.version;

  it('states a minimum the README repeats', () => {
    expect(oldest).toBe('20.19.0');
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('20.19');
  });

  it('locks no package that needs a newer Node than the stated minimum', () => {
    const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const tooNew = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!range || !semver.validRange(range)) return [];
      return semver.satisfies(oldest, range) ? [] : [`${where}@${pkg.version} wants node ${range}`];
    });
    expect(tooNew).toEqual([]);
  });
});
