// Child process that drives HTTP load with autocannon, away from the server's event loop.
// Receives a LoadJob over IPC, answers a LoadResult.
import autocannon from 'autocannon';
import { summarize } from './stats.js';
import type { LoadJob, LoadResult } from './load.js';

function run(job: LoadJob, durationS: number, record: boolean) {
  let next = 0;
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise<{ samples: number[]; statuses: Record<string, number>; errors: number; elapsedMs: number }>(
    (resolve, reject) => {
      const started = performance.now();
      const instance = autocannon(
        {
          url: job.url,
          connections: job.connections,
          duration: durationS,
          timeout: job.timeoutS,
          ...(job.ratePerS ? { overallRate: job.ratePerS } : {}),
          requests: [
            {
              setupRequest: (request) => {
                const input = job.requests[next++ % job.requests.length]!;
                return {
                  ...request,
                  method: input.method,
                  path: input.path,
                  ...(input.body === undefined ? {} : { body: input.body }),
                  headers: {
                    ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
                    ...input.headers,
                  },
                };
              },
            },
          ],
        },
        (error, result) => {
          if (error) return reject(error);
          resolve({
            samples,
            statuses,
            errors: result.errors + result.timeouts,
            elapsedMs: performance.now() - started,
          });
        },
      );
      instance.on('response', (_client, statusCode, _bytes, ms) => {
        if (!record) return;
        samples.push(ms);
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      });
    },
  );
}

/**
 * autocannon stops without waiting for requests in flight, which the server still works off.
 * One request to `drainPath` waits behind them (PGlite and the pg pool serve in order).
 */
async function drain(job: LoadJob) {
  const response = await fetch(job.url + job.drainPath, { signal: AbortSignal.timeout(300_000) });
  await response.arrayBuffer();
}

process.once('message', async (job: LoadJob) => {
  try {
    if (job.warmupS > 0) await run(job, job.warmupS, false);
    await drain(job);
    const measured = await run(job, job.durationS, true);
    await drain(job);
    const result: LoadResult = {
      stats: summarize(measured.samples, measured.elapsedMs),
      statuses: measured.statuses,
      errors: measured.errors,
      ...(job.slowMs === undefined ? {} : { slow: measured.samples.filter((ms) => ms > job.slowMs!).length }),
    };
    process.send!(result, () => process.disconnect());
  } catch (error) {
    process.send!({ failure: error instanceof Error ? error.stack : String(error) }, () => process.disconnect());
  }
});
