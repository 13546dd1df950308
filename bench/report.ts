// Prints the latest results (bench/results/latest-*.json) as the Markdown tables of BENCHMARKS.md:
// `npx tsx bench/report.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/engines.js';
import type { PartResult } from './lib/results.js';

interface ResultsFile {
  engine: string;
  machine: { cpus: number; node: string; cpuModel: string };
  parts: Record<string, PartResult>;
}

const dir = path.join(repoRoot, 'bench/results');
const files = ['pglite', 'postgres']
  .map((engine) => path.join(dir, `latest-${engine}.json`))
  .filter((file) => fs.existsSync(file))
  .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as ResultsFile);

const f = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

const imports = files.filter((r) => r.parts.import);
if (imports.length) {
  console.log(
    '| engine | wall s | parse s | store s | versions | works | fragments | versions/s | fragments/s | target <60 s | load avg |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|');
  for (const r of imports) {
    const d = r.parts.import!.data as Record<string, number | boolean>;
    console.log(
      `| ${r.engine} | ${d.wallS} | ${d.parseS} | ${d.storeS} | ${d.versionsStored} | ${d.works} | ${d.fragments} | ${d.versionsPerS} | ${d.fragmentsPerS} | ${d.targetMet ? 'met' : 'missed'} | ${r.parts.import!.loadAverage?.[0] ?? ''} |`,
    );
  }
}

for (const part of ['fragments-api', 'autocomplete', 'compare', 'collections']) {
  const rows = files.flatMap((r) =>
    (r.parts[part]?.rows ?? []).map((row) => ({ engine: r.engine, load: r.parts[part]!.loadAverage?.[0], row })),
  );
  if (!rows.length) continue;
  console.log(`\n**${part}**\n`);
  console.log(
    '| engine | request | layer | conc | n | timeouts | req/s | p50 | p95 | p99 | max | target | API/SQL p50 / p99 | load avg |',
  );
  console.log('|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|--:|');
  for (const { engine, load, row } of rows) {
    const target = row.target
      ? `${row.target.metric.replace('Ms', '')} < ${row.target.limitMs}: ${row.target.met ? 'met' : '**missed**'}`
      : '';
    const ratio = row.ratioToSql ? `${row.ratioToSql.p50}x / ${row.ratioToSql.p99}x` : '';
    const s = row.stats;
    console.log(
      `| ${engine} | ${row.name} | ${row.layer} | ${row.concurrency} | ${s.samples} | ${row.errors ?? ''} | ${s.perSecond.toFixed(0)} | ${f(s.p50Ms)} | ${f(s.p95Ms)} | ${f(s.p99Ms)} | ${f(s.maxMs)} | ${target} | ${ratio} | ${load ?? ''} |`,
    );
  }
}
