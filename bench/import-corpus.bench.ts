// Import bench: the whole corpus into an empty database, timed like `npm run import` (wall
// time, documents and fragments per second). The result is kept as the corpus database.
import { importPaths } from '../server/importers/import-files.js';
import { assertCorpus } from './lib/corpus.js';
import type { BenchContext } from './lib/context.js';
import { round1 } from './lib/context.js';
import { countRows, locationOf, openBenchDatabase } from './lib/engines.js';
import type { PartResult } from './lib/results.js';

export const IMPORT_TARGET_S = 60;

export async function benchImport(ctx: BenchContext): Promise<PartResult> {
  const corpus = assertCorpus();
  const opened = performance.now();
  const database = await openBenchDatabase(ctx.engine, 'corpus', true);
  const openS = (performance.now() - opened) / 1000;
  try {
    ctx.log(`  importing ${corpus} into an empty ${locationOf(ctx.engine, 'corpus')}...`);
    const started = performance.now();
    let parseS = 0;
    const report = await importPaths(database.db, [corpus], (event) => {
      if (event.phase === 'parsed') parseS = (performance.now() - started) / 1000;
    });
    const wallS = (performance.now() - started) / 1000;
    const fragments = report.stored.reduce((sum, s) => sum + s.fragments, 0);
    const nodes = report.stored.reduce((sum, s) => sum + s.nodes, 0);
    const data = {
      corpus,
      versionsStored: report.stored.length,
      importErrors: report.errors.map((e) => `${e.file.slice(corpus.length + 1)}: ${e.message}`),
      skippedFiles: report.skipped.length,
      works: await countRows(database, 'documents'),
      branches: await countRows(database, 'branches'),
      nodes,
      fragments,
      openAndMigrateS: round1(openS),
      parseS: round1(parseS),
      storeS: round1(wallS - parseS),
      wallS: round1(wallS),
      versionsPerS: round1(report.stored.length / wallS),
      fragmentsPerS: Math.round(fragments / wallS),
      targetS: IMPORT_TARGET_S,
      targetMet: wallS < IMPORT_TARGET_S,
    };
    ctx.log(
      `  import: ${data.wallS} s wall (parse ${data.parseS} s, store ${data.storeS} s; open+migrate ${data.openAndMigrateS} s), ` +
        `${data.versionsStored} versions of ${data.works} works, ${fragments} fragments, ` +
        `${data.versionsPerS} versions/s, ${data.fragmentsPerS} fragments/s -> target <${IMPORT_TARGET_S} s ${data.targetMet ? 'met' : 'MISSED'}`,
    );
    for (const error of data.importErrors) ctx.log(`  import error (not counted): ${error}`);
    return { part: 'import', ranAt: new Date().toISOString(), data, rows: [], notes: [] };
  } finally {
    await database.close();
  }
}
