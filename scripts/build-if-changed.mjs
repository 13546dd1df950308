// `npm start`'s first step: builds the web app only when its sources changed since the last
// build. A hash of every input of `vite build` is kept beside the output, in dist/.source-hash
// (vite empties dist/ first, so a failed build leaves no hash and the next start builds again).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// npm runs scripts in the package's folder.
const root = process.cwd();
const HASH_FILE = path.join(root, 'dist', '.source-hash');

/** What `vite build` reads: folders walked whole (tests beside the code left out), and single files. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/radix-css-trim.ts',
];

function listFiles(relative) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) return listFiles(child);
    return entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name) ? [child] : [];
  });
}

/** One SHA-256 over every input file's path and bytes, in a stable order. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap(listFiles).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function main() {
  const current = sourceHash();
  const built =
    fs.existsSync(path.join(root, 'dist', 'index.html')) &&
    fs.existsSync(path.join(root, 'dist-server', 'entry-server.js'));
  const previous = fs.existsSync(HASH_FILE) ? fs.readFileSync(HASH_FILE, 'utf8').trim() : undefined;
  if (built && previous === current) {
    process.stdout.write('The web app in dist/ is up to date: sources unchanged since the last build.\n');
    return 0;
  }
  process.stdout.write(built ? 'Sources changed since the last build: building.\n' : 'No build yet: building.\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  fs.writeFileSync(HASH_FILE, `${current}\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
