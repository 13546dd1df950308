// The versions flow: loading, empty, error and retry, and the selection from the address.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Branch } from '../../api/contract';
import { DOCUMENT_ID, branchOf } from '../../testing/reader-fixtures';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { branchSelectionMachine } from './branch-selection.machine';

const DOC = DOCUMENT_ID;
const branch = branchOf;
const BRANCHES = [branch('b-main', 'main'), branch('b-1993', 'snapshot-1993-01-01')];

function start(load: () => Promise<Branch[]>, requested?: string) {
  const actor = createActor(
    branchSelectionMachine.provide({
      actors: {
        loadBranches: fromPromise(async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return load();
        }),
      },
    }),
    { input: { documentId: DOC, requested } },
  );
  actor.start();
  return actor;
}

describe('branch selection machine', () => {
  fakeTimersInEachTest();

  it('loads the branches and selects none by default', async () => {
    const actor = start(async () => BRANCHES);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.selectedBranchId).toBeUndefined();
  });

  it('selects the branch named in the address once loaded', async () => {
    const actor = start(async () => BRANCHES, 'snapshot-1993-01-01');
    expect(actor.getSnapshot().context.selectedBranchId).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().context.selectedBranchId).toBe('b-1993');
  });

  it('remembers a request sent while loading, and ignores unknown branches', async () => {
    const actor = start(async () => BRANCHES);
    actor.send({ type: 'branch.request', requested: 'b-main' });
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().context.selectedBranchId).toBe('b-main');
    actor.send({ type: 'branch.request', requested: 'snapshot-2000-01-01' });
    expect(actor.getSnapshot().context.selectedBranchId).toBeUndefined();
  });

  it('is empty when the document has no versions', async () => {
    const actor = start(async () => []);
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('keeps the error message and retries', async () => {
    let fail = true;
    const actor = start(async () => {
      if (fail) throw new ApiError(503, 'internal_error');
      return BRANCHES;
    });
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.error?.status).toBe(503);
    fail = false;
    actor.send({ type: 'branches.retry' });
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });

  it('selects the version in force on a date (?at=): the latest that started on or before it', async () => {
    const dated = [
      { ...branch('b-main', 'main'), valid_from: '2026-01-01' },
      { ...branch('b-1993', 'snapshot-1993-01-01'), valid_from: '1993-01-01' },
    ];
    const actor = start(async () => dated, '2025-12-31');
    await vi.advanceTimersByTimeAsync(30);
    expect(actor.getSnapshot().context.selectedBranchId).toBe('b-1993');
    actor.send({ type: 'branch.request', requested: '2026-01-01' });
    expect(actor.getSnapshot().context.selectedBranchId).toBe('b-main');
    // Before any version took effect there is none to read: main is served.
    actor.send({ type: 'branch.request', requested: '1990-01-01' });
    expect(actor.getSnapshot().context.selectedBranchId).toBeUndefined();
  });
});
