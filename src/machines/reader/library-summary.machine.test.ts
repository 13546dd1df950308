// The home page's library summary: loads once on request, tells empty from filled, retries.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { librarySummaryMachine, type LibrarySummary } from './library-summary.machine';

const withSummary = (load: () => Promise<LibrarySummary>) =>
  createActor(librarySummaryMachine.provide({ actors: { loadSummary: fromPromise(load) } })).start();

describe('librarySummaryMachine', () => {
  it('waits in idle until asked to load', () => {
    const actor = withSummary(async () => ({ empty: true }));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('loads and reports an empty library', async () => {
    const actor = withSummary(async () => ({ empty: true }));
    actor.send({ type: 'library.load' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(snapshot.context.summary).toEqual({ empty: true });
  });

  it('keeps the error and loads again on retry', async () => {
    let calls = 0;
    const actor = withSummary(async () => {
      calls += 1;
      if (calls === 1) throw new Error('API 500: internal_error');
      return { empty: false };
    });
    actor.send({ type: 'library.load' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error?.message).toBe('API 500: internal_error');

    actor.send({ type: 'library.retry' });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toEqual({ summary: { empty: false }, error: undefined });
    expect(calls).toBe(2);
  });
});
