// Import from the official services (issue 16): the starter set's acts as the local test services
// serve them (tests/support/fake-*-service.ts, built from the shared corpus: e-Sbírka's 1/1993 Sb.
// in two wordings, CELLAR's 32011R1319 with its consolidation in English and German; the other
// starter acts are not served there), into an empty database, then once more (the cache: every
// file revalidated, nothing stored). Time waiting on the services is measured around each
// resolve and fetch; the rest is parsing and storing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { importFromSource } from '../server/importers/sources/import-from-source.js';
import type { LawSource } from '../server/importers/sources/source.js';
import { lawSource, NO_NETWORK } from '../server/source-imports/settings.js';
import { startFakeCellar } from '../tests/support/fake-cellar-service.js';
import { startFakeEsbirka } from '../tests/support/fake-esbirka-service.js';
import { assertCorpus } from './lib/corpus.js';
import type { BenchContext } from './lib/context.js';
import { round1 } from './lib/context.js';
import { openBenchDatabase } from './lib/engines.js';
import type { PartResult } from './lib/results.js';

const ACTS = [
  { source: 'e-sbirka', id: '1/1993 Sb.' },
  { source: 'cellar', id: '32011R1319' },
] as const;

/** The source with the time spent waiting on it added to `waited.ms`. */
function timed(source: LawSource, waited: { ms: number }): LawSource {
  const time = async <T>(work: Promise<T>) => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      waited.ms += performance.now() - started;
    }
  };
  return {
    name: source.name,
    resolve: (id) => time(source.resolve(id)),
    fetch: (version, language) => time(source.fetch(version, language)),
  };
}

export async function benchSourceImport(ctx: BenchContext): Promise<PartResult> {
  assertCorpus();
  const [esbirka, cellar] = await Promise.all([startFakeEsbirka(), startFakeCellar()]);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-bench-sources-'));
  const database = await openBenchDatabase(ctx.engine, 'source_import', true);
  const settings = { ...NO_NETWORK, offline: false, cellarUrl: cellar.url, esbirkaUrl: esbirka.url, dataDir };
  try {
    const run = async () => {
      const waited = { ms: 0 };
      const started = performance.now();
      let stored = 0;
      let unchanged = 0;
      const problems: string[] = [];
      for (const act of ACTS) {
        const report = await importFromSource(database.db, timed(lawSource(act.source, settings), waited), act.id);
        stored += report.stored.filter((version) => version.status !== 'unchanged').length;
        unchanged += report.stored.filter((version) => version.status === 'unchanged').length;
        problems.push(...report.problems.map((problem) => `${problem.actId} ${problem.versionId}: ${problem.message}`));
      }
      const wallMs = performance.now() - started;
      const requests = esbirka.requests.length + cellar.requests.length;
      esbirka.requests.length = 0;
      cellar.requests.length = 0;
      return {
        wallS: round1(wallMs / 1000),
        waitingS: round1(waited.ms / 1000),
        parseAndStoreS: round1((wallMs - waited.ms) / 1000),
        waitingShare: Math.round((waited.ms / wallMs) * 100),
        versionsStored: stored,
        versionsUnchanged: unchanged,
        requests,
        problems,
      };
    };
    ctx.log(`  importing ${ACTS.map((act) => act.id).join(', ')} from the local test services...`);
    const first = await run();
    ctx.log(
      `  first run: ${first.wallS} s wall, ${first.waitingS} s waiting on the services (${first.waitingShare} %), ` +
        `${first.parseAndStoreS} s parsing and storing; ${first.versionsStored} versions stored, ${first.requests} requests`,
    );
    const again = await run();
    ctx.log(
      `  again (cache): ${again.wallS} s wall, ${again.waitingS} s waiting (${again.waitingShare} %); ` +
        `${again.versionsStored} stored, ${again.versionsUnchanged} unchanged, ${again.requests} requests (revalidations)`,
    );
    for (const problem of [...first.problems, ...again.problems]) ctx.log(`  problem: ${problem}`);
    return {
      part: 'sources',
      ranAt: new Date().toISOString(),
      data: { acts: ACTS.map((act) => `${act.source}:${act.id}`), first, again },
      rows: [],
      notes: [
        'Local test services on loopback: the waiting share is the services client (requests, ETag cache, zip and JSON reading), not a real network.',
      ],
    };
  } finally {
    await database.close();
    await Promise.all([esbirka.close(), cellar.close()]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
