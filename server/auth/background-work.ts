// Work a request starts but its answer does not wait for (the look-up, token and mail of
// resend-verification and forgot-password, the mail about a registration attempt), so the
// answer's timing does not tell whether an account exists; and periodic accounts work (the
// clean-up of accounts never verified). Failures are logged, never unhandled; closing the app
// waits for what still runs.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export type RunInBackground = (what: string, log: FastifyBaseLogger, work: () => Promise<void>) => void;

export function backgroundRunner(app: FastifyInstance): RunInBackground {
  const running = new Set<Promise<void>>();
  // Mail is not lost on a graceful stop, and the database is not closed under a running task.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  return (what, log, work) => {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => running.delete(task));
    running.add(task);
  };
}

/** Periodic accounts work (the expired unverified accounts' clean-up) runs this often by default. */
export const PERIODIC_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs `work` soon after start-up and then every `everyMs`, never twice at once; a failure is
 * logged and the next round tries again. The timer does not hold the process open and stops
 * with the app (which waits for a round under way).
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  work: () => Promise<void>,
  everyMs = PERIODIC_EVERY_MS,
): void {
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= work()
      .catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(round, Math.min(everyMs, 60_000));
  const timer = setInterval(round, everyMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
