// The home page's library summary: loads once on request, tells empty from filled, counts the
// entry points, retries.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { countsOf, librarySummaryMachine, selectEmpty, type LibrarySummary } from './library-summary.machine';

const EMPTY: LibrarySummary = { documents: 0, jurisdictions: [], recently_updated: 0, public_collections: 0 };
const FILLED: LibrarySummary = {
  documents: 10,
  jurisdictions: [
    { value: 'cz', count: 5 },
    { value: 'eu', count: 3 },
    { value: 'de', count: 1 },
    { value: 'it', count: 1 },
  ],
  recently_updated: 4,
  public_collections: 2,
};

const withSummary = (load: () => Promise<LibrarySummary>) =>
  createActor(librarySummaryMachine.provide({ actors: { loadSummary: fromPromise(load) } })).start();

describe('librarySummaryMachine', () => {
  it('waits in idle until asked to load', () => {
    const actor = withSummary(async () => EMPTY);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('loads and reports an empty library', async () => {
    const actor = withSummary(async () => EMPTY);
    actor.send({ type: 'library.load' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectEmpty(snapshot)).toBe(true);
  });

  it('counts Czech, EU and every other jurisdiction for the entry points', async () => {
    const actor = withSummary(async () => FILLED);
    actor.send({ type: 'library.load' });
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectEmpty(snapshot)).toBe(false);
    expect(countsOf(snapshot.context.summary!)).toEqual({
      cz: 5,
      eu: 3,
      other: 2,
      recentlyUpdated: 4,
      publicCollections: 2,
    });
  });

  it('keeps the error and loads again on retry', async () => {
    let calls = 0;
    const actor = withSummary(async () => {
      calls += 1;
      if (calls === 1) throw new Error('API 500: internal_error');
      return FILLED;
    });
    actor.send({ type: 'library.load' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error?.message).toBe('API 500: internal_error');

    actor.send({ type: 'library.retry' });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toEqual({ summary: FILLED, error: undefined });
    expect(calls).toBe(2);
  });
});
