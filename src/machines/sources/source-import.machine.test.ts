// The "By number" flow with its calls scripted: the id is checked before asking, Find shows the
// versions with cs/en ticked, Import follows the job to its end and reloads the history; an
// offline server is named as such.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { SourceAct, SourceImportJob } from '../../api/contract/source-imports';
import { GDPR, gdprJob } from './fixtures';
import { followSourceJob, POLL_MS, type JobCalls, type JobRequest } from './follow-source-job';
import {
  isValidSourceId,
  selectBusy,
  selectCanImport,
  selectLookupPhase,
  selectOffline,
  sourceImportMachine,
} from './source-import.machine';

function start(resolve: () => Promise<SourceAct>, calls: JobCalls) {
  const lists: number[] = [];
  const actor = createActor(
    sourceImportMachine.provide({
      actors: {
        resolve: fromPromise(resolve),
        follow: followSourceJob(calls),
        loadHistory: fromPromise(async () => {
          lists.push(lists.length);
          return { items: [] as SourceImportJob[] };
        }),
      },
    }),
  ).start();
  return { actor, lists };
}

describe('sourceImportMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the ids each service documents and nothing else', () => {
    expect(isValidSourceId('cellar', '32016R0679')).toBe(true);
    expect(isValidSourceId('cellar', '1/1993')).toBe(false);
    expect(isValidSourceId('e-sbirka', '1/1993')).toBe(true);
    expect(isValidSourceId('e-sbirka', ' 89/2012 Sb. ')).toBe(true);
    expect(isValidSourceId('e-sbirka', '32016R0679')).toBe(false);
  });

  it('finds an act, imports the chosen languages with progress, then reloads the history', async () => {
    const requests: JobRequest[] = [];
    const answers = [gdprJob(1), gdprJob(2)];
    const { actor, lists } = start(async () => GDPR, {
      start: async (request) => {
        requests.push(request);
        return gdprJob(0);
      },
      get: async () => answers.shift()!,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(lists).toHaveLength(1);

    actor.send({ type: 'form.id', id: '1/1993' });
    actor.send({ type: 'form.find' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.invalid).toBe(true);

    actor.send({ type: 'form.id', id: '32016R0679' });
    expect(actor.getSnapshot().context.invalid).toBe(false);
    actor.send({ type: 'form.find' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('resolving');
    await vi.advanceTimersByTimeAsync(0);
    expect(selectLookupPhase(actor.getSnapshot())).toBe('found');
    expect(actor.getSnapshot().context.languages).toEqual(['cs', 'en']);

    actor.send({ type: 'language.toggle', language: 'en' });
    expect(actor.getSnapshot().context.languages).toEqual(['cs']);
    actor.send({ type: 'language.toggle', language: 'de' });
    actor.send({ type: 'language.toggle', language: 'en' });
    expect(actor.getSnapshot().context.languages).toEqual(['cs', 'de', 'en']);
    actor.send({ type: 'language.toggle', language: 'de' });
    expect(actor.getSnapshot().context.languages).toEqual(['cs', 'en']);
    actor.send({ type: 'import.start' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('importing');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([
      { kind: 'import', request: { source: 'cellar', id: '32016R0679', languages: ['cs', 'en'] } },
    ]);
    expect(actor.getSnapshot().context.job?.status).toBe('queued');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(actor.getSnapshot().context.job?.status).toBe('running');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(selectLookupPhase(actor.getSnapshot())).toBe('finished');
    expect(actor.getSnapshot().context.job?.problems[0]?.reason).toBe('language_missing');
    expect(lists).toHaveLength(2);
  });

  it('keeps the lookup and the job while they run, whatever the form says', async () => {
    const answers = [gdprJob(1), gdprJob(2)];
    let resolved: (act: SourceAct) => void = () => {};
    const { actor } = start(() => new Promise<SourceAct>((resolve) => (resolved = resolve)), {
      start: async () => gdprJob(0),
      get: async () => answers.shift()!,
    });
    actor.send({ type: 'form.id', id: '32016R0679' });
    actor.send({ type: 'form.find' });
    actor.send({ type: 'form.id', id: '32016R0680' });
    actor.send({ type: 'form.source', source: 'e-sbirka' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('resolving');
    resolved(GDPR);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectLookupPhase(actor.getSnapshot())).toBe('found');
    expect(actor.getSnapshot().context).toMatchObject({ source: 'cellar', id: '32016R0679' });

    actor.send({ type: 'import.start' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(actor.getSnapshot().context.job?.status).toBe('running');
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    expect(selectCanImport(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.id', id: '1/1993' });
    actor.send({ type: 'form.source', source: 'e-sbirka' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('importing');
    expect(actor.getSnapshot().context).toMatchObject({ source: 'cellar', id: '32016R0679', act: GDPR });
    expect(actor.getSnapshot().context.job?.status).toBe('running');
    // The follower was not stopped: the next poll still arrives.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(selectLookupPhase(actor.getSnapshot())).toBe('finished');
    expect(selectBusy(actor.getSnapshot())).toBe(false);
    expect(selectCanImport(actor.getSnapshot())).toBe(true);

    // Once it ended, a new id starts over.
    actor.send({ type: 'form.id', id: '1/1993' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.job).toBeUndefined();
  });

  it('will not start without a language', async () => {
    const { actor } = start(async () => GDPR, { start: async () => gdprJob(0), get: async () => gdprJob(2) });
    actor.send({ type: 'form.id', id: '32016R0679' });
    actor.send({ type: 'form.find' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'language.toggle', language: 'cs' });
    actor.send({ type: 'language.toggle', language: 'en' });
    expect(selectCanImport(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'import.start' });
    expect(selectLookupPhase(actor.getSnapshot())).toBe('found');
  });

  it('says the server is offline when the service cannot be reached', async () => {
    const { actor } = start(() => Promise.reject(new ApiError(503, 'source_offline')), {
      start: async () => gdprJob(0),
      get: async () => gdprJob(2),
    });
    actor.send({ type: 'form.source', source: 'e-sbirka' });
    actor.send({ type: 'form.id', id: '1/1993' });
    actor.send({ type: 'form.find' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectLookupPhase(actor.getSnapshot())).toBe('editing');
    expect(selectOffline(actor.getSnapshot())).toBe(true);
  });
});
