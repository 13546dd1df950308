// The starter set: one press starts the job, progress follows every second, the end says whether
// the library can be shown; an offline server is named as such.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../api/client';
import { gdprJob } from './fixtures';
import { followSourceJob, POLL_MS, type JobCalls } from './follow-source-job';
import {
  selectStarterImported,
  selectStarterOffline,
  selectStarterPhase,
  starterSetMachine,
} from './starter-set.machine';

const start = (calls: JobCalls) =>
  createActor(starterSetMachine.provide({ actors: { follow: followSourceJob(calls) } })).start();

describe('starterSetMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('imports with progress and ends with the library ready', async () => {
    const done = { ...gdprJob(2), kind: 'starter_set' as const, problems: [] };
    const answers = [gdprJob(1), done];
    const actor = start({ start: async () => gdprJob(0), get: async () => answers.shift()! });
    expect(selectStarterPhase(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'starter.start' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(selectStarterPhase(actor.getSnapshot())).toBe('running');
    expect(actor.getSnapshot().context.job?.status).toBe('running');
    expect(selectStarterImported(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(selectStarterPhase(actor.getSnapshot())).toBe('finished');
    expect(selectStarterImported(actor.getSnapshot())).toBe(true);
  });

  it('keeps the problems on screen when the job is done but nothing was stored', async () => {
    const none = {
      ...gdprJob(2),
      kind: 'starter_set' as const,
      items: gdprJob(2).items.map((item) => ({
        ...item,
        state: 'failed' as const,
        status: undefined,
        document_id: undefined,
      })),
    };
    const actor = start({ start: async () => gdprJob(0), get: async () => none });
    actor.send({ type: 'starter.start' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(selectStarterPhase(actor.getSnapshot())).toBe('finished');
    expect(actor.getSnapshot().context.job?.status).toBe('done');
    expect(selectStarterImported(actor.getSnapshot())).toBe(false);
  });

  it('names an offline server, whether it refuses at once or the job stops for it', async () => {
    const refused = start({
      start: () => Promise.reject(new ApiError(503, 'source_offline')),
      get: async () => gdprJob(2),
    });
    refused.send({ type: 'starter.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStarterPhase(refused.getSnapshot())).toBe('failed');
    expect(selectStarterOffline(refused.getSnapshot())).toBe(true);

    const stopped = {
      ...gdprJob(2),
      status: 'failed' as const,
      error: { detail: 'source_offline' as const, message: 'ENOTFOUND' },
    };
    const later = start({ start: async () => gdprJob(0), get: async () => stopped });
    later.send({ type: 'starter.start' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(selectStarterPhase(later.getSnapshot())).toBe('finished');
    expect(selectStarterImported(later.getSnapshot())).toBe(false);
    expect(selectStarterOffline(later.getSnapshot())).toBe(true);
  });
});
