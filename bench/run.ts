// Entry of `npm run bench [-- import|api|autocomplete|compare|reader|transfer|lighthouse|search-scale|copilot|realtime|memory|preview ...] [--engine pglite|postgres]`:
// runs the chosen parts on the chosen engines, prints tables, writes bench/results/latest-<engine>.json.
import os from 'node:os';
import type { Engine } from '../server/db/client.js';
import { benchApiKeys } from './api-keys.bench.js';
import { benchAuth } from './auth.bench.js';
import { benchAutocomplete } from './autocomplete.bench.js';
import { benchCollections } from './collections.bench.js';
import { benchCompare } from './compare.bench.js';
import { benchCopilot } from './copilot.bench.js';
import { benchFragmentsApi } from './fragments-api.bench.js';
import { benchImport } from './import-corpus.bench.js';
import { benchLighthouse } from './lighthouse.bench.js';
import { benchLiveLoss } from './live-loss.bench.js';
import { benchLoad } from './load.bench.js';
import { benchMcp } from './mcp.bench.js';
import { benchMemorySearch } from './memory-search.bench.js';
import { benchReader } from './reader.bench.js';
import { benchSearchScale } from './search-scale.bench.js';
import { benchSoak } from './soak.bench.js';
import { benchSourceImport } from './source-import.bench.js';
import { benchRealtime } from './realtime.bench.js';
import { benchTransfer } from './transfer.bench.js';
import { benchTranslationMemory } from './translation-memory.bench.js';
import { benchTranslationPreview } from './translation-preview.bench.js';
import type { BenchContext } from './lib/context.js';
import { ENGINES, postgresProblem } from './lib/engines.js';
import { printRows, saveResults, type PartResult } from './lib/results.js';

const PARTS = {
  import: benchImport,
  api: benchFragmentsApi,
  autocomplete: benchAutocomplete,
  compare: benchCompare,
  reader: benchReader,
  transfer: benchTransfer,
  lighthouse: benchLighthouse,
  'search-scale': benchSearchScale,
  copilot: benchCopilot,
  realtime: benchRealtime,
  auth: benchAuth,
  collections: benchCollections,
  memory: benchTranslationMemory,
  preview: benchTranslationPreview,
  'api-keys': benchApiKeys,
  mcp: benchMcp,
  'memory-search': benchMemorySearch,
  'live-loss': benchLiveLoss,
  load: benchLoad,
  soak: benchSoak,
  sources: benchSourceImport,
} as const;
type PartName = keyof typeof PARTS;

const USAGE = `usage: npm run bench -- [import] [api] [autocomplete] [compare] [reader] [transfer] [lighthouse] [search-scale] [copilot] [realtime] [auth] [collections] [memory] [preview] [api-keys] [mcp] [memory-search] [live-loss] [load] [soak] [sources] [--engine pglite|postgres] [--pg-restart]
                     [--duration 10] [--warmup 2] [--connections 32]
  no part named: all twenty-one (search-scale: /v1/search at one client on the corpus copied in SQL up to BENCH_SEARCH_FRAGMENTS fragments (default 100,000 on PGlite, 1,000,000 on PostgreSQL), built once and cached, BENCH_SEARCH_ROUNDS (5); lighthouse: Lighthouse 13 on the same Chromium, mobile and desktop, BENCH_LIGHTHOUSE_RUNS (3), PGlite only; sources: the starter set's acts the local test services serve, imported twice; live-loss: PostgreSQL only, 500 events/s across a cut LISTEN connection, and across a PostgreSQL restart with --pg-restart (a private cluster the bench starts and restarts) or BENCH_PG_RESTART_COMMAND; load: the document-page mix at BENCH_LOAD_CONNECTIONS (50) for BENCH_LOAD_SECONDS (30), stalls over 1 s; soak: the same mix at BENCH_SOAK_RATE (50/s) for BENCH_SOAK_SECONDS (600) with 50 live sockets, memory each minute; memory-search: 140,000 memory observations seeded per run, about a minute; memory, preview: the corpus plus copies up to 50,000 Czech fragments, built once and cached; collections: a 6,000-document database seeded in SQL, built once and cached; realtime: 1,100 WebSockets, about a minute per engine; reader: Chromium at CHROMIUM_PATH, default /usr/bin/chromium; PGlite only; transfer: the same Chromium, the bytes received per page, BENCH_TRANSFER_RUNS, BENCH_TRANSFER_DATA_DIR, PGlite only). PostgreSQL: BENCH_DATABASE_URL (admin URL; default postgres://postgres@127.0.0.1:5432/postgres).
  corpus: LEXHUB_CORPUS (default ../shared/corpus); PGlite folders: BENCH_DATA_DIR (default data/bench).`;

function parseArgs(argv: string[]) {
  const parts: PartName[] = [];
  const engines: Engine[] = [];
  const settings = { durationS: 10, warmupS: 2, connections: 32 };
  const numberAfter = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number, got "${value}"\n${USAGE}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--engine') {
      for (const engine of (value() ?? '').split(',')) {
        if (!ENGINES.includes(engine as Engine)) throw new Error(`unknown engine "${engine}"\n${USAGE}`);
        engines.push(engine as Engine);
      }
    } else if (flag === '--duration') settings.durationS = numberAfter(flag, value());
    else if (flag === '--warmup') settings.warmupS = numberAfter(flag, value());
    else if (flag === '--connections') settings.connections = numberAfter(flag, value());
    else if (flag === '--pg-restart') process.env.BENCH_PG_RESTART = 'private';
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === 'fragments' || flag in PARTS) parts.push(flag === 'fragments' ? 'api' : (flag as PartName));
    else throw new Error(`unknown argument "${arg}"\n${USAGE}`);
  }
  return {
    parts: parts.length ? [...new Set(parts)] : (Object.keys(PARTS) as PartName[]),
    engines: engines.length ? [...new Set(engines)] : ENGINES,
    settings,
  };
}

/** Short enough to read: drizzle puts every bound parameter of a failed insert in its message. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}...` : text);
  const cause = error.cause instanceof Error ? `\n  cause: ${cut(error.cause.message)}` : '';
  const where = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at '))
    .slice(0, 4)
    .join('\n');
  return `${cut(error.message)}${cause}\n${where}`;
}

async function main() {
  const { parts, engines, settings } = parseArgs(process.argv.slice(2));
  const log = (line: string) => console.log(line);
  const started = performance.now();
  let failed = false;
  log(
    `Lexhub bench: parts ${parts.join(', ')}; engines ${engines.join(', ')}; ${settings.connections} connections, ${settings.warmupS}+${settings.durationS} s per load; Node ${process.version}`,
  );
  for (const engine of engines) {
    if (engine === 'postgres') {
      const problem = await postgresProblem();
      if (problem) {
        log(`\n[postgres] SKIPPED: ${problem}. Set BENCH_DATABASE_URL to an admin URL of a reachable PostgreSQL.`);
        continue;
      }
    }
    const results: PartResult[] = [];
    for (const part of parts) {
      log(`\n[${engine}] ${part}... (load average ${os.loadavg()[0]!.toFixed(2)})`);
      const ctx: BenchContext = { engine, ...settings, log };
      const t0 = performance.now();
      const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
      try {
        const result = { ...(await PARTS[part](ctx)), loadAverage };
        results.push(result);
        printRows(engine, result, log);
        log(`[${engine}] ${part} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      } catch (error) {
        failed = true;
        log(`[${engine}] ${part} FAILED: ${describe(error)}`);
      }
    }
    if (results.length) log(`\n[${engine}] results written to ${saveResults(engine, { settings }, results)}`);
  }
  log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
