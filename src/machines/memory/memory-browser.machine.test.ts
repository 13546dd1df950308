// The memory browser's flow: the caller's memory first, an organization's once its ID is typed,
// the search 300 ms after the last key, opening an entity, writes one at a time (each answers the
// entity as it now is and refreshes the counts), deleting closes it, failures kept for the screen.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { MemoryEntityDetail, MemoryEntitySummary } from '../../api/contract/memory';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import type { OwnerQuery } from '../api-keys/api-key-owner';
import {
  memoryBrowserMachine,
  selectEntities,
  selectNeedsOrganization,
  selectOpenEntity,
  selectWriteError,
  type MemoryWrite,
} from './memory-browser.machine';

const ORG_ID = '33333333-3333-4333-8333-333333333333';
const summary = (n: number): MemoryEntitySummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Entity ${n}`,
  entity_type: 'person',
  created_at: '2026-11-01T10:00:00.000Z',
  observation_count: n,
  relation_count: 0,
  link_count: 0,
});
const detail = (n: number, observations: string[] = []): MemoryEntityDetail => ({
  ...summary(n),
  observation_count: observations.length,
  observations: observations.map((content, i) => ({
    id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    content,
    created_at: '2026-11-01T10:00:00.000Z',
  })),
  relations: [],
  links: [],
});

function start(
  options: {
    write?: (write: MemoryWrite) => MemoryEntityDetail | null;
  } = {},
) {
  const lists: { owner: OwnerQuery; q: string }[] = [];
  const opened: string[] = [];
  const writes: MemoryWrite[] = [];
  const actor = createActor(
    memoryBrowserMachine.provide({
      actors: {
        loadEntities: fromPromise(async ({ input }: { input: { owner: OwnerQuery; q: string } }) => {
          lists.push(input);
          return [summary(1), summary(2)];
        }),
        loadEntity: fromPromise(async ({ input }: { input: { owner: OwnerQuery; id: string } }) => {
          opened.push(input.id);
          return detail(1, ['first']);
        }),
        write: fromPromise(async ({ input }: { input: { owner: OwnerQuery; write: MemoryWrite } }) => {
          writes.push(input.write);
          return options.write ? options.write(input.write) : detail(1, ['first', 'second']);
        }),
      },
    }),
  ).start();
  return { actor, lists, opened, writes };
}

describe('memoryBrowserMachine', () => {
  fakeTimersInEachTest();

  it("lists the caller's memory and searches 300 ms after the last key", async () => {
    const { actor, lists } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(lists).toEqual([{ owner: { owner_type: 'user' }, q: '' }]);
    expect(selectEntities(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'search.input', value: 'ú' });
    actor.send({ type: 'search.input', value: 'ústav' });
    await vi.advanceTimersByTimeAsync(299);
    expect(lists).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(lists[1]).toEqual({ owner: { owner_type: 'user' }, q: 'ústav' });
  });

  it("asks for an organization's memory only with an ID", async () => {
    const { actor, lists } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'owner.select', owner: 'organization' });
    expect(selectNeedsOrganization(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'organization.input', value: ORG_ID });
    await vi.advanceTimersByTimeAsync(300);
    expect(lists.at(-1)?.owner).toEqual({ owner_type: 'organization', organization_id: ORG_ID });
  });

  it('opens an entity, adds an observation and refreshes the list', async () => {
    const { actor, opened, writes, lists } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'entity.open', id: summary(1).id });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([summary(1).id]);
    expect(selectOpenEntity(actor.getSnapshot())?.observations.map((o) => o.content)).toEqual(['first']);
    actor.send({ type: 'memory.write', write: { kind: 'observation.add', id: summary(1).id, content: 'second' } });
    // One write at a time: a second one while busy is ignored.
    actor.send({ type: 'memory.write', write: { kind: 'entity.delete', id: summary(1).id } });
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    expect(selectOpenEntity(actor.getSnapshot())?.observations.map((o) => o.content)).toEqual(['first', 'second']);
    expect(lists).toHaveLength(2);
  });

  it('deleting the entity closes it; a failure is kept', async () => {
    const { actor } = start({
      write: (write) => {
        if (write.kind === 'entity.delete') return null;
        throw new ApiError(403, 'org_role_required');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'entity.open', id: summary(1).id });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'memory.write', write: { kind: 'observation.add', id: summary(1).id, content: 'x' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectWriteError(actor.getSnapshot())?.detail).toBe('org_role_required');
    expect(selectOpenEntity(actor.getSnapshot())).toBeDefined();
    actor.send({ type: 'memory.write', write: { kind: 'entity.delete', id: summary(1).id } });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectOpenEntity(actor.getSnapshot())).toBeUndefined();
    expect(selectWriteError(actor.getSnapshot())).toBeUndefined();
  });

  it('switching owner closes the open entity', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'entity.open', id: summary(1).id });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'owner.select', owner: 'organization' });
    expect(selectOpenEntity(actor.getSnapshot())).toBeUndefined();
  });
});
