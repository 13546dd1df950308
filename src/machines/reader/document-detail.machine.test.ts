// The document detail flow: invalid id, loading, loaded, 404, errors and branch changes.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Document, Node } from '../../api/contract';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { documentDetailMachine } from './document-detail.machine';

const ID = '8661f9e7-8cb5-5c16-8ba5-202fe87e8806';
const document = (branch: string): Document => ({
  id: ID,
  external_id: '1/1993 Sb.',
  title: 'Ústava České republiky',
  metadata: { title: 'Ústava České republiky', source_system: 'test' },
  published_date: '1992-12-16',
  effective_date: '1993-01-01',
  expiry_date: null,
  updated_at: '2026-01-01T00:00:00Z',
  counts: { nodes: 1, fragments: 1 },
  languages: ['cs'],
  branch: { id: ID, name: branch },
});
const node: Node = {
  id: ID,
  node_type: 'article',
  type: 'Čl.',
  title: null,
  cite_key: 'Čl. 1',
  external_id: 'cl-1',
  order_index: 0,
  depth: 0,
  derived_parent_id: null,
};

type Load = (input: { documentId: string; branch?: string }) => Promise<{ document: Document; nodes: Node[] }>;

function start(load: Load, idSlug = `${ID}-ustava`, branch?: string) {
  const calls: Array<{ documentId: string; branch?: string }> = [];
  const actor = createActor(
    documentDetailMachine.provide({
      actors: {
        loadDocument: fromPromise(async ({ input }: { input: { documentId: string; branch?: string } }) => {
          calls.push(input);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return load(input);
        }),
      },
    }),
    { input: { idSlug, branch } },
  );
  actor.start();
  return { actor, calls };
}

describe('document detail machine', () => {
  fakeTimersInEachTest();

  it('rejects a segment that does not start with a UUID', () => {
    const { actor, calls } = start(async () => ({ document: document('main'), nodes: [] }), 'not-a-uuid-ustava');
    expect(actor.getSnapshot().matches('invalidId')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('loads the document and its nodes, main by default', async () => {
    const { actor, calls } = start(async () => ({ document: document('main'), nodes: [node] }));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.nodes).toEqual([node]);
    expect(calls).toEqual([{ documentId: ID, branch: undefined }]);
  });

  it('reloads for another branch and ignores the same one', async () => {
    const { actor, calls } = start(async ({ branch }) => ({ document: document(branch ?? 'main'), nodes: [] }));
    await vi.advanceTimersByTimeAsync(20);
    actor.send({ type: 'branch.change', branch: undefined });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    actor.send({ type: 'branch.change', branch: 'snapshot-1993-01-01' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().context.document?.branch?.name).toBe('snapshot-1993-01-01');
    expect(calls.map((call) => call.branch)).toEqual([undefined, 'snapshot-1993-01-01']);
  });

  it('restarts when the branch changes while loading', async () => {
    const { actor, calls } = start(async ({ branch }) => ({ document: document(branch ?? 'main'), nodes: [] }));
    await vi.advanceTimersByTimeAsync(5);
    actor.send({ type: 'branch.change', branch: 'b2' });
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.map((call) => call.branch)).toEqual([undefined, 'b2']);
    expect(actor.getSnapshot().context.document?.branch?.name).toBe('b2');
  });

  it('shows a 404 as not found', async () => {
    const { actor } = start(async () => {
      throw new ApiError(404, 'not_found');
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
  });

  it('keeps the message of other failures and retries', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new ApiError(500, 'internal_error');
      return { document: document('main'), nodes: [] };
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('API 500: internal_error');
    fail = false;
    actor.send({ type: 'document.retry' });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });
});
