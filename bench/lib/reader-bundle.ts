// The built web app for the reader bench: `vite build` into a temporary folder, the gzip size
// of each asset, what index.html loads up front, and which packages fill a chunk (source maps).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './engines.js';

export interface BuiltApp {
  dir: string;
  buildS: number;
}

/** Builds the app (the same vite config as `npm run build`) into a fresh temporary folder. */
export function buildWebApp(): BuiltApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-reader-web-'));
  const started = performance.now();
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  return { dir, buildS: Math.round((performance.now() - started) / 100) / 10 };
}

export interface AssetSize {
  /** '/assets/index-abc.js' */
  url: string;
  bytes: number;
  gzipBytes: number;
}

export function assetSize(webRoot: string, url: string): AssetSize {
  const content = fs.readFileSync(path.join(webRoot, url.replace(/^\//u, '')));
  return { url, bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** What index.html loads before anything runs: its module script, modulepreloads, styles. */
export function entryAssets(webRoot: string): { js: string[]; css: string[] } {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`, 'u').exec(tag)?.[1];
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gu) ?? []) {
    if (tag.startsWith('<script') && /type="module"/u.test(tag) && attr(tag, 'src')) js.push(attr(tag, 'src')!);
    else if (/rel="modulepreload"/u.test(tag) && attr(tag, 'href')) js.push(attr(tag, 'href')!);
    else if (/rel="stylesheet"/u.test(tag) && attr(tag, 'href')) css.push(attr(tag, 'href')!);
  }
  return { js, css };
}

export const sumGzip = (assets: AssetSize[]) => assets.reduce((sum, asset) => sum + asset.gzipBytes, 0);
export const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** One mapping segment's VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** 'react-dom', '@radix-ui/themes', or 'app: src/components' for the project's own code. */
function ownerOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/u.exec(source);
  if (pkg) return pkg[1]!;
  const own = /(?:^|\/)src\/([^/]+)(?:\/([^/]+))?/u.exec(source);
  if (own) return own[2] && !own[2].includes('.') ? `app: src/${own[1]}/${own[2]}` : `app: src/${own[1]}`;
  return source.startsWith('\0') || source.includes('vite') ? 'vite runtime' : `other: ${source}`;
}

/**
 * Minified bytes of a chunk per package, from its source map: every generated segment counts
 * up to the next one. Gzip share is estimated in proportion (gzip does not split exactly).
 */
export function chunkOwners(webRoot: string, url: string): { owner: string; bytes: number }[] {
  const file = path.join(webRoot, url.replace(/^\//u, ''));
  if (!fs.existsSync(`${file}.map`)) return [];
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const totals = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const length = lines[lineIndex]?.length ?? 0;
    let column = 0;
    const segments: { column: number; source: number }[] = [];
    for (const raw of line.split(',')) {
      if (!raw) continue;
      const fields = decodeSegment(raw);
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1]!;
      segments.push({ column, source: fields.length >= 4 ? source : -1 });
    }
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.column ?? length;
      const owner = segment.source >= 0 ? ownerOf(map.sources[segment.source] ?? '') : 'unmapped';
      totals.set(owner, (totals.get(owner) ?? 0) + Math.max(0, end - segment.column));
    });
  });
  return [...totals].map(([owner, bytes]) => ({ owner, bytes })).sort((a, b) => b.bytes - a.bytes);
}
