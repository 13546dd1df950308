// The follower polls every second until the job ends, and gives up only after several polls in a
// row failed; a refusal to start is reported at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { ApiError } from '../../api/client';
import type { SourceImportJob } from '../../api/contract/source-imports';
import { gdprJob } from './fixtures';
import { followSourceJob, POLL_MISSES, POLL_MS, type JobCalls } from './follow-source-job';

/** Runs the follower under a parent that records what it is told. */
function follow(calls: JobCalls) {
  const seen: EventObject[] = [];
  const parent = createMachine({
    invoke: { src: followSourceJob(calls), input: { kind: 'starter_set' } },
    on: { '*': { actions: ({ event }) => seen.push(event) } },
  });
  const actor = createActor(parent).start();
  return { seen, actor };
}

const statuses = (seen: EventObject[]) =>
  seen.map((event) => ('job' in event ? (event.job as SourceImportJob).status : event.type));

describe('followSourceJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again every second until the job is done, then stops', async () => {
    const answers = [gdprJob(1), gdprJob(2)];
    const get = vi.fn(async () => answers.shift()!);
    const { seen } = follow({ start: async () => gdprJob(0), get });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses(seen)).toEqual(['queued']);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses(seen)).toEqual(['queued', 'running']);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(statuses(seen)).toEqual(['queued', 'running', 'done']);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('reports a refusal to start at once', async () => {
    const { seen } = follow({
      start: () => Promise.reject(new ApiError(503, 'source_offline')),
      get: () => Promise.reject(new Error('not asked')),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: 'job.failed', error: { status: 503, detail: 'source_offline' } });
  });

  it('rides out failed polls, and says the job is lost only after several in a row', async () => {
    let fail = 2;
    const get = vi.fn(async () => {
      if (fail-- > 0) throw new ApiError(502, 'http_error');
      return gdprJob(1);
    });
    const first = follow({ start: async () => gdprJob(0), get });
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(statuses(first.seen)).toEqual(['queued', 'running']);
    first.actor.stop();

    const lost = follow({ start: async () => gdprJob(0), get: () => Promise.reject(new ApiError(502, 'http_error')) });
    await vi.advanceTimersByTimeAsync(POLL_MS * (POLL_MISSES - 1));
    expect(statuses(lost.seen)).toEqual(['queued']);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(statuses(lost.seen)).toEqual(['queued', 'job.failed']);
  });

  it('stops asking when the page is left', async () => {
    const get = vi.fn(async () => gdprJob(1));
    const { actor } = follow({ start: async () => gdprJob(0), get });
    await vi.advanceTimersByTimeAsync(0);
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(get).not.toHaveBeenCalled();
  });
});
