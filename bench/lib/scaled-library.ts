// The scaled library for autocomplete: the real corpus plus clones of the real Czech acts and
// regulations under new law numbers, up to 10,000 documents; cached between runs.
import type { Database, Engine } from '../../server/db/client.js';
import { importPaths } from '../../server/importers/import-files.js';
import type { ParsedDocument } from '../../server/importers/model.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { assertCorpus, newestCzechWorks, parseCorpus } from './corpus.js';
import { countRows, openBenchDatabase } from './engines.js';
import { firstTexts } from './prune.js';

export const SCALED_DOCUMENTS = 10_000;
/** Clones keep the first 30 text units of their source: the build stays minutes, not hours. */
export const CLONE_MAX_FRAGMENTS = 30;

export interface ScaledLibrary {
  database: Database;
  documents: number;
  fragments: number;
  cloneSources: number;
  /** Seconds spent building it in this run; undefined when the cached library was reused. */
  buildS?: number;
}

/** Law numbers 600 and up of the years 1993-2024 that no corpus document uses. */
function cloneNumbers(count: number, taken: Set<string>): string[] {
  const numbers: string[] = [];
  for (let k = 0; numbers.length < count; k++) {
    const id = `${600 + Math.floor(k / 32)}/${1993 + (k % 32)} Sb.`;
    if (!taken.has(id)) numbers.push(id);
  }
  return numbers;
}

function cloneOf(source: ParsedDocument, externalId: string, copy: number): ParsedDocument {
  const { translationUnits: _dropped, ...rest } = firstTexts(source, CLONE_MAX_FRAGMENTS);
  return { ...rest, externalId, metadata: { ...source.metadata, title: `${source.metadata.title} (kopie ${copy})` } };
}

export async function openScaledLibrary(engine: Engine, log: (line: string) => void): Promise<ScaledLibrary> {
  const sources = await newestCzechWorks();
  let database = await openBenchDatabase(engine, 'scaled', false);
  let documents = await countRows(database, 'documents');
  let buildS: number | undefined;
  if (documents !== SCALED_DOCUMENTS) {
    log(`  building the scaled library (${documents} documents found, ${SCALED_DOCUMENTS} wanted)...`);
    await database.close();
    const started = performance.now();
    database = await openBenchDatabase(engine, 'scaled', true);
    await importPaths(database.db, [assertCorpus()]);
    const missing = SCALED_DOCUMENTS - (await countRows(database, 'documents'));
    const taken = new Set((await parseCorpus()).map(({ doc }) => doc.externalId));
    const numbers = cloneNumbers(missing, taken);
    // PGlite has one connection; PostgreSQL takes a few writers at once.
    const writers = engine === 'postgres' ? 4 : 1;
    let next = 0;
    const writer = async () => {
      for (let i = next++; i < missing; i = next++) {
        const source = sources[i % sources.length]!;
        const clone = cloneOf(source, numbers[i]!, Math.floor(i / sources.length) + 1);
        await storeVersion(database.db, clone, `bench-clone:${source.externalId}`);
        if ((i + 1) % 1000 === 0) log(`    ${i + 1}/${missing} clones`);
      }
    };
    await Promise.all(Array.from({ length: writers }, writer));
    buildS = Math.round((performance.now() - started) / 100) / 10;
    documents = await countRows(database, 'documents');
    if (documents !== SCALED_DOCUMENTS)
      throw new Error(`scaled library has ${documents} documents, not ${SCALED_DOCUMENTS}`);
  }
  return {
    database,
    documents,
    fragments: await countRows(database, 'fragments'),
    cloneSources: sources.length,
    buildS,
  };
}
