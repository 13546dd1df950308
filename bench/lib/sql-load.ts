// In-process SQL load: N concurrent callers replay captured queries through `database.raw`
// for a fixed time after a warm-up; latency per call, all samples kept.
import type { RawQuery } from '../../server/db/client.js';
import type { CapturedQuery } from './record-queries.js';
import { summarize, type LatencyStats } from './stats.js';

export interface SqlLoadJob {
  raw: RawQuery;
  /** One input = the queries one API call runs, executed in order. */
  inputs: CapturedQuery[][];
  concurrency: number;
  durationS: number;
  warmupS: number;
}

async function run(job: SqlLoadJob, durationS: number, samples: number[] | undefined) {
  let next = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const input = job.inputs[next++ % job.inputs.length]!;
      const t0 = performance.now();
      for (const query of input) await job.raw(query.text, query.params);
      samples?.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, caller));
  return performance.now() - started;
}

export async function runSqlLoad(job: SqlLoadJob): Promise<LatencyStats> {
  if (job.warmupS > 0) await run(job, job.warmupS, undefined);
  const samples: number[] = [];
  const elapsedMs = await run(job, job.durationS, samples);
  return summarize(samples, elapsedMs);
}
