// HTTP load: autocannon with N connections for a fixed time after a warm-up, run in a child
// process (load-child.ts) so the load generator does not share the server's event loop.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LatencyStats } from './stats.js';

export interface HttpRequestInput {
  method: 'GET' | 'POST';
  path: string;
  /** JSON text for POST. */
  body?: string;
  /** Extra headers (a session cookie, a CSRF token). */
  headers?: Record<string, string>;
}

export interface LoadJob {
  url: string;
  requests: HttpRequestInput[];
  connections: number;
  durationS: number;
  warmupS: number;
  /** A request is given up (and counted in `errors`) after this long. */
  timeoutS: number;
  /** A cheap GET that queues behind the work in flight: '/healthz'. */
  drainPath: string;
  /** Responses slower than this are counted in `slow` (the load and soak benches: 1,000 ms). */
  slowMs?: number;
  /** Requests per second over all connections (autocannon's overallRate); unset: as fast as answered. */
  ratePerS?: number;
}

export interface LoadResult {
  stats: LatencyStats;
  /** Responses by HTTP status over the measured window. */
  statuses: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
  /** Responses slower than the job's `slowMs`, when it gave one. */
  slow?: number;
}

const childFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-child.ts');

export function runHttpLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The parent runs under tsx; the child inherits its loader through execArgv.
    const child = fork(childFile, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answered = false;
    child.once('message', (message: LoadResult | { failure: string }) => {
      answered = true;
      if ('failure' in message) reject(new Error(`load generator failed: ${message.failure}`));
      else resolve(message);
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with code ${code} before answering`));
    });
    child.send(job);
  });
}

/** Fails loudly when any measured response was not a 2xx: the figures would be meaningless. */
export function assertAllOk(name: string, result: LoadResult) {
  const bad = Object.entries(result.statuses).filter(([status]) => !status.startsWith('2'));
  if (bad.length > 0) throw new Error(`${name}: non-2xx responses ${JSON.stringify(Object.fromEntries(bad))}`);
}

/** Load settings shared by every HTTP run; timeouts are counted as errors, not failures. */
export const HTTP_TIMEOUT_S = 30;
