// `npm start` builds the web app only when its sources changed since the last build
// (scripts/build-if-changed.mjs), run in a scratch package whose `build` script counts its runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/build-if-changed.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-build-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (relative: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), text);
};
const builds = () =>
  fs.existsSync(path.join(dir, 'builds')) ? fs.readFileSync(path.join(dir, 'builds'), 'utf8').length : 0;
const start = () => execFileSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });

// Like `npm run build`: empties dist/, writes index.html and the rendering entry; and counts itself.
write(
  'build.mjs',
  `import fs from 'node:fs';
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist');
fs.writeFileSync('dist/index.html', '<!doctype html>');
fs.mkdirSync('dist-server', { recursive: true });
fs.writeFileSync('dist-server/entry-server.js', 'export {};');
fs.appendFileSync('builds', 'x');`,
);
write('package.json', JSON.stringify({ name: 'scratch', private: true, scripts: { build: 'node build.mjs' } }));
write('package-lock.json', '{}');
write('index.html', '<div id="root"></div>');
write('vite.config.ts', 'export default {};');
write('src/main.tsx', 'export const a = 1;');
write('src/main.test.tsx', 'it("a", () => {});');

describe('build-if-changed', { timeout: 60_000 }, () => {
  it('builds the first time, then not while nothing changed', () => {
    expect(start()).toContain('No build yet: building.');
    expect(builds()).toBe(1);
    expect(fs.existsSync(path.join(dir, 'dist/.source-hash'))).toBe(true);
    expect(start()).toContain('up to date');
    expect(builds()).toBe(1);
  });

  it('builds again when a source, index.html, the vite config or the lock file changes', () => {
    for (const [file, text] of [
      ['src/main.tsx', 'export const a = 2;'],
      ['src/new-screen.tsx', 'export const b = 1;'],
      ['index.html', '<div id="app"></div>'],
      ['vite.config.ts', 'export default { base: "/" };'],
      ['package-lock.json', '{"lockfileVersion": 3}'],
    ] as const) {
      const before = builds();
      write(file, text);
      expect(start(), file).toContain('Sources changed since the last build: building.');
      expect(builds(), file).toBe(before + 1);
      expect(start(), file).toContain('up to date');
    }
  });

  it('does not build for a test file, and builds when dist/ is gone', () => {
    const before = builds();
    write('src/main.test.tsx', 'it("b", () => {});');
    expect(start()).toContain('up to date');
    expect(builds()).toBe(before);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true });
    expect(start()).toContain('No build yet: building.');
    expect(builds()).toBe(before + 1);
  });
});
