// Result shapes, the stdout table, and bench/results/latest-<engine>.json (merged per part).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '../../server/db/client.js';
import { repoRoot } from './engines.js';
import type { LatencyStats } from './stats.js';

export type Layer = 'api' | 'sql' | 'sql: handler' | 'ws: hub' | 'ws: bare';

export interface LatencyRow {
  name: string;
  layer: Layer;
  /** Concurrent connections or callers; 1 = sequential. */
  concurrency: number;
  stats: LatencyStats;
  /** HTTP requests that timed out or failed on the socket (not in the latency samples). */
  errors?: number;
  /** The target for this row, when it has one. */
  target?: { metric: 'p50Ms' | 'p95Ms' | 'p99Ms' | 'maxMs'; limitMs: number; met: boolean };
  /** API latency divided by the bare SQL's (p50, p95, p99), on API rows that have a baseline. */
  ratioToSql?: { p50: number; p95: number; p99: number; perSecond: number; withinTwice: boolean };
}

export interface PartResult {
  part: string;
  ranAt: string;
  /** Machine load (1, 5, 15 min) when the part started: other processes share the 2 cores. */
  loadAverage?: number[];
  /** What was measured on: sizes, inputs, settings. */
  data: Record<string, unknown>;
  rows: LatencyRow[];
  notes: string[];
}

export function withTarget(
  row: LatencyRow,
  metric: NonNullable<LatencyRow['target']>['metric'],
  limitMs: number,
): LatencyRow {
  return { ...row, target: { metric, limitMs, met: row.stats[metric] < limitMs } };
}

export function withRatio(api: LatencyRow, sql: LatencyRow): LatencyRow {
  const r = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const ratio = {
    p50: r(api.stats.p50Ms, sql.stats.p50Ms),
    p95: r(api.stats.p95Ms, sql.stats.p95Ms),
    p99: r(api.stats.p99Ms, sql.stats.p99Ms),
    perSecond: r(api.stats.perSecond, sql.stats.perSecond),
  };
  return { ...api, ratioToSql: { ...ratio, withinTwice: ratio.p99 <= 2 && ratio.p50 <= 2 } };
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

const resultsDir = path.join(repoRoot, 'bench/results');

/** Writes this run's parts into latest-<engine>.json, keeping parts from earlier runs. */
export function saveResults(engine: Engine, extra: Record<string, unknown>, parts: PartResult[]): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `latest-${engine}.json`);
  const previous = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { parts?: Record<string, PartResult> })
    : {};
  const merged = { ...(previous.parts ?? {}) };
  for (const part of parts) merged[part.part] = part;
  fs.writeFileSync(file, `${JSON.stringify({ engine, ...extra, machine: machine(), parts: merged }, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

export function printRows(engine: Engine, part: PartResult, log: (line: string) => void) {
  if (part.rows.length === 0) return;
  const header = [
    'benchmark',
    'layer',
    'conc',
    'n',
    'timeouts',
    'req/s',
    'p50',
    'p95',
    'p99',
    'max',
    'target',
    'API/SQL p50|p99',
  ];
  const lines = part.rows.map((row) => [
    row.name,
    row.layer,
    String(row.concurrency),
    String(row.stats.samples),
    row.errors === undefined ? '' : String(row.errors),
    row.stats.perSecond.toFixed(0),
    ms(row.stats.p50Ms),
    ms(row.stats.p95Ms),
    ms(row.stats.p99Ms),
    ms(row.stats.maxMs),
    row.target
      ? `${row.target.metric.replace('Ms', '')}<${row.target.limitMs} ${row.target.met ? 'met' : 'MISSED'}`
      : '',
    row.ratioToSql ? `${row.ratioToSql.p50}x | ${row.ratioToSql.p99}x` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9]);
  const format = (cells: string[]) => cells.map((c, i) => pad(c, widths[i]!, numeric.has(i))).join('  ');
  log(`\n[${engine}] ${part.part} (latencies in ms)`);
  log(format(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) log(format(line));
  for (const note of part.notes) log(`  note: ${note}`);
}
