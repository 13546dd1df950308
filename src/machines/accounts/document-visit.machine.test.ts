// The 2 s visit rule on fake timers: one record per page view, none before 2 s, none when
// nobody is logged in; a session that turns out logged in later still counts the view.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { documentVisitMachine, rememberPickedVisit, takeVisitSessionId } from './document-visit.machine';

const DOC = '6f1c1f8e-1d1a-5b6e-9a2f-4c3e2b1a0d9f';

function start(loggedIn: boolean | undefined, fail = false) {
  const records: { documentId: string; sessionId: string }[] = [];
  const actor = createActor(
    documentVisitMachine.provide({
      actors: {
        recordVisit: fromPromise(async ({ input }: { input: { documentId: string; sessionId: string } }) => {
          records.push(input);
          if (fail) throw new Error('API 500: internal_error');
          return { status: 'ok' as const };
        }),
      },
    }),
    { input: { documentId: DOC, sessionId: 'view-1', loggedIn } },
  ).start();
  return { actor, records };
}

describe('documentVisitMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('records one view after 2 s, and never again for the same page view', async () => {
    const { actor, records } = start(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(records).toEqual([]);
    expect(actor.getSnapshot().value).toBe('viewing');
    await vi.advanceTimersByTimeAsync(1);
    expect(records).toEqual([{ documentId: DOC, sessionId: 'view-1' }]);
    expect(actor.getSnapshot().value).toBe('recorded');
    actor.send({ type: 'visit.session', loggedIn: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(records).toHaveLength(1);
  });

  it('records nothing when the page is left before 2 s', async () => {
    const { actor, records } = start(true);
    await vi.advanceTimersByTimeAsync(1500);
    actor.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(records).toEqual([]);
  });

  it('records nothing for an anonymous reader', async () => {
    const { actor, records } = start(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(records).toEqual([]);
    expect(actor.getSnapshot().value).toBe('due');
  });

  it('waits for the session when it is still unknown at 2 s', async () => {
    const { actor, records } = start(undefined);
    await vi.advanceTimersByTimeAsync(2500);
    expect(records).toEqual([]);
    actor.send({ type: 'visit.session', loggedIn: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(records).toHaveLength(1);
  });

  it('a login within the 2 s counts once the time is up, not before', async () => {
    const { actor, records } = start(false);
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'visit.session', loggedIn: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(records).toEqual([]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(records).toHaveLength(1);
  });

  it('a failed record ends quietly without retrying', async () => {
    const { actor, records } = start(true, true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(records).toHaveLength(1);
  });
});

describe('page-view ids', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a quick-search pick hands its id to the page of the same document it opens', () => {
    rememberPickedVisit(DOC, 'pick-1');
    expect(takeVisitSessionId(DOC)).toBe('pick-1');
    // A second render of the same page (StrictMode) gets the same id.
    expect(takeVisitSessionId(DOC)).toBe('pick-1');
    // Coming back later is another page view.
    vi.advanceTimersByTime(5000);
    const later = takeVisitSessionId(DOC);
    expect(later).not.toBe('pick-1');
    expect(later.length).toBeGreaterThan(8);
    expect(takeVisitSessionId(DOC)).not.toBe(later);
  });

  it('another document gets a new id', () => {
    rememberPickedVisit(DOC, 'pick-2');
    expect(takeVisitSessionId('00000000-0000-4000-8000-000000000001')).not.toBe('pick-2');
  });
});
