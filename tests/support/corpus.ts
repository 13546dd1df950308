// Where the shared corpus of real legal documents is (beside the project), if it is there.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS_DIR = process.env.LEXHUB_CORPUS ?? path.resolve(repoRoot, '../shared/corpus');
export const hasCorpus = fs.existsSync(path.join(CORPUS_DIR, 'SOURCES.md'));
export const corpusPath = (...parts: string[]) => path.join(CORPUS_DIR, ...parts);
export const CORPUS_SKIP_REASON = `the shared corpus is not at ${CORPUS_DIR} (set LEXHUB_CORPUS to its folder)`;

/** Says on stderr why a suite that needs the corpus is skipped (nothing when the corpus is there). */
export function warnIfNoCorpus(suite: string): void {
  if (!hasCorpus) console.warn(`${suite} skipped: ${CORPUS_SKIP_REASON}`);
}
