// Build step: a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web
// app, which @fastify/static serves by content negotiation (`preCompressed`, server/app.ts). Done once
// per build at the highest levels, so the server never compresses a static file per request.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; woff2 and images are compressed already, source maps only reach devtools. */
export const PRECOMPRESSED_TYPES = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'];
/** Below this a compressed copy saves less than its headers cost (the same threshold as dynamic answers). */
export const PRECOMPRESS_MIN_BYTES = 1024;
/**
 * Brotli's best quality costs ~10 s per MB on this machine: files above this size (the API explorer's
 * 1.4 MB chunk, loaded on /tools only) get quality 9, about 10% larger and 7 times quicker.
 */
const BEST_QUALITY_MAX_BYTES = 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every file under `dir` that gets compressed copies (relative paths with '/', sorted). */
export function compressibleFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && PRECOMPRESSED_TYPES.includes(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size >= PRECOMPRESS_MIN_BYTES)
    .map((file) => path.relative(dir, file).split(path.sep).join('/'))
    .sort();
}

/** Writes `<file>.br` (quality 11, 9 for the largest) and `<file>.gz` (level 9) beside each compressible file of `dir`. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  // Each call runs on libuv's thread pool: the files compress in parallel.
  await Promise.all(
    compressibleFiles(dir).map(async (relative) => {
      const file = path.join(dir, relative);
      const content = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]:
              content.length <= BEST_QUALITY_MAX_BYTES ? zlib.constants.BROTLI_MAX_QUALITY : 9,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
      totals.files++;
      totals.bytes += content.length;
      totals.br += br.length;
      totals.gz += gz.length;
    }),
  );
  return totals;
}

/** The Vite plugin: compresses the output folder once the bundle is written (`vite build` only). */
export function precompress(): Plugin {
  return {
    name: 'lexhub:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      const started = performance.now();
      const t = await precompressDir(options.dir);
      const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
      this.info(
        `precompressed ${t.files} files in ${Math.round(performance.now() - started)} ms: ${kB(t.bytes)} → br ${kB(t.br)}, gzip ${kB(t.gz)}`,
      );
    },
  };
}
