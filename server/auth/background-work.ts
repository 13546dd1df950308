// Work a request starts but its answer does not wait for (the look-up, token and mail of
// resend-verification and forgot-password), so the answer's timing does not tell whether an
// account exists. Failures are logged, never unhandled; closing the app waits for what still runs.
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
