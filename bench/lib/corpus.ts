// The real-document corpus (../shared/corpus, or LEXHUB_CORPUS): its path, its parsed
// documents, and a corpus database that is imported once and reused by later runs.
import fs from 'node:fs';
import path from 'node:path';
import type { Database, Engine } from '../../server/db/client.js';
import { importPaths, parseFile } from '../../server/importers/import-files.js';
import type { ParsedDocument } from '../../server/importers/model.js';
import { countRows, openBenchDatabase, repoRoot } from './engines.js';

export const corpusDir = () => path.resolve(process.env.LEXHUB_CORPUS || path.resolve(repoRoot, '../shared/corpus'));

export function assertCorpus(): string {
  const dir = corpusDir();
  if (!fs.existsSync(dir)) throw new Error(`corpus not found at ${dir} (set LEXHUB_CORPUS)`);
  return dir;
}

export interface ParsedCorpusDocument {
  file: string;
  doc: ParsedDocument;
}

let parsedCache: ParsedCorpusDocument[] | undefined;

/** Every document the importers can read from the corpus, parsed once per process. */
export async function parseCorpus(): Promise<ParsedCorpusDocument[]> {
  if (parsedCache) return parsedCache;
  const files = listFiles(assertCorpus());
  const parsed: ParsedCorpusDocument[] = [];
  for (const file of files) {
    const docs = await parseFile(file).catch(() => undefined);
    for (const doc of docs ?? []) parsed.push({ file, doc });
  }
  parsedCache = parsed;
  return parsed;
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The corpus database (`lexhub_bench_corpus` / data/bench/pglite-corpus): left by the import
 * bench, imported here (untimed) when it is empty.
 */
export async function openCorpusDatabase(engine: Engine, log: (line: string) => void): Promise<Database> {
  const database = await openBenchDatabase(engine, 'corpus', false);
  if ((await countRows(database, 'fragments')) === 0) {
    log(`  importing the corpus into the ${engine} corpus database (not timed)...`);
    await importPaths(database.db, [assertCorpus()]);
  }
  return database;
}

const CZECH_SOURCES = new Set(['e-sbirka', 'czech-law-md', 'pirati-sbirka']);

/** The newest version of each Czech work in the corpus (acts, the Constitution, regulations). */
export async function newestCzechWorks(): Promise<ParsedDocument[]> {
  const newest = new Map<string, ParsedDocument>();
  const date = (d: ParsedDocument) => d.versionDate ?? d.effectiveDate ?? d.publishedDate ?? '';
  for (const { doc } of await parseCorpus()) {
    if (!CZECH_SOURCES.has(doc.metadata.sourceSystem)) continue;
    const seen = newest.get(doc.externalId);
    if (!seen || date(doc) > date(seen)) newest.set(doc.externalId, doc);
  }
  return [...newest.values()].sort((a, b) => a.externalId.localeCompare(b.externalId));
}
