// The documents list flow: initial load, search, refresh, 401 as an empty list, other failures.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Document } from '../../api/contract';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { documentsListMachine, type DocumentSearch } from './documents-list.machine';

const doc = (id: string, external_id: string): Document => ({
  id,
  external_id,
  title: `Title ${external_id}`,
  metadata: { title: `Title ${external_id}`, source_system: 'test' },
  published_date: null,
  effective_date: null,
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00Z',
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
  branch: null,
});

function start(load: (search: DocumentSearch) => Promise<Document[]>, input?: Partial<DocumentSearch>) {
  const calls: DocumentSearch[] = [];
  const actor = createActor(
    documentsListMachine.provide({
      actors: {
        loadDocuments: fromPromise(async ({ input }: { input: DocumentSearch }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return load(input);
        }),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, calls };
}

describe('documents list machine', () => {
  fakeTimersInEachTest();

  it('loads the list at start and shows it', async () => {
    const { actor, calls } = start(async () => [doc('a', '1/1993 Sb.')]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.documents.map((d) => d.id)).toEqual(['a']);
    expect(calls).toEqual([{ externalId: '', q: '' }]);
  });

  it('searches by law number on submit and reloads on refresh', async () => {
    const { actor, calls } = start(async ({ externalId }) => (externalId ? [doc('b', externalId)] : []));
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().context.documents).toEqual([]);
    actor.send({ type: 'search.change', externalId: '1/1993' });
    // Typing alone does not search.
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'search.submit' });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().context.documents.map((d) => d.external_id)).toEqual(['1/1993']);
    actor.send({ type: 'search.change', q: 'ústava' });
    actor.send({ type: 'search.refresh' });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.at(-1)).toEqual({ externalId: '1/1993', q: 'ústava' });
  });

  it('takes the search from its input', async () => {
    const { calls } = start(async () => [], { externalId: '22019D0391' });
    expect(calls).toEqual([{ externalId: '22019D0391', q: '' }]);
  });

  it('shows a 401 as an empty list without an error', async () => {
    const { actor } = start(async () => {
      throw new ApiError(401, 'not_authenticated');
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ documents: [], error: undefined });
  });

  it('keeps the message of other failures, and a refresh clears it', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new ApiError(500, 'internal_error');
      return [doc('a', 'x')];
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 500, detail: 'internal_error' });
    fail = false;
    actor.send({ type: 'search.refresh' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });
});
