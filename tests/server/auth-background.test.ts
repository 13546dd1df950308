// Work after the answer (resend-verification, forgot-password): a failure is logged, never an
// unhandled rejection, and closing the app waits for what still runs.
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { backgroundRunner } from '../../server/auth/background-work.js';

const fakeLog = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe('backgroundRunner', () => {
  it('logs a failure, thrown or rejected, instead of leaving it unhandled', async () => {
    const app = Fastify();
    const run = backgroundRunner(app);
    const log = fakeLog();
    const failure = new Error('database gone');
    run('resending the verification email', log, () => Promise.reject(failure));
    run('requesting a password reset', log, () => {
      throw failure;
    });
    await app.close();
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'resending the verification email failed');
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'requesting a password reset failed');
  });

  it('does not hold up the caller, and closing the app waits for running work', async () => {
    const app = Fastify();
    const run = backgroundRunner(app);
    let finish = () => {};
    let done = false;
    run('slow work', fakeLog(), async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      done = true;
    });
    // run() returned at once; the work is still waiting.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    const closed = app.close();
    setTimeout(() => finish(), 20);
    await closed;
    expect(done).toBe(true);
  });
});
