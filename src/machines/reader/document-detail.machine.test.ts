// The document detail flow: loading, loaded, 404, errors and branch changes.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Document, Node } from '../../api/contract';
import { DOCUMENT_ID, documentIn, nodeAt } from '../../testing/reader-fixtures';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { documentDetailMachine } from './document-detail.machine';

const ID = DOCUMENT_ID;
const document = documentIn;
const node = nodeAt(ID, 0);

type Load = (input: { documentId: string; branch?: string }) => Promise<{ document: Document; nodes: Node[] }>;

function start(load: Load, branch?: string) {
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
    { input: { documentId: ID, branch } },
  );
  actor.start();
  return { actor, calls };
}

describe('document detail machine', () => {
  fakeTimersInEachTest();

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
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 500, detail: 'internal_error' });
    fail = false;
    actor.send({ type: 'document.retry' });
    await vi.advanceTimersByTimeAsync(20);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });
});
