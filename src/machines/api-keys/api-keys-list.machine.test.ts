// The key table's flow: mine or an organization's (no call without an ID; typing waits 300 ms),
// Rotate emitting the new secret, Revoke only after a confirmation, failures kept for the screen.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { ApiKey, ApiKeyWithSecret } from '../../api/contract/api-keys';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import type { OwnerQuery } from './api-key-owner';
import { apiKeysListMachine, selectKeys, selectNeedsOrganization, selectPendingRevoke } from './api-keys-list.machine';
import { apiKey, ORG_ID, withSecret } from './fixtures';

function start(load: (query: OwnerQuery) => ApiKey[] | Promise<ApiKey[]> = () => [apiKey(1)]) {
  const loads: OwnerQuery[] = [];
  const rotated: string[] = [];
  const revoked: string[] = [];
  const actor = createActor(
    apiKeysListMachine.provide({
      actors: {
        loadKeys: fromPromise(async ({ input }: { input: OwnerQuery }) => {
          loads.push(input);
          return load(input);
        }),
        rotateKey: fromPromise(async ({ input }: { input: { id: string } }): Promise<ApiKeyWithSecret> => {
          rotated.push(input.id);
          return withSecret(apiKey(1));
        }),
        revokeKey: fromPromise(async ({ input }: { input: { id: string } }) => {
          revoked.push(input.id);
          return apiKey(1, { status: 'revoked' });
        }),
      },
    }),
  );
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, loads, rotated, revoked, emitted };
}

describe('apiKeysListMachine', () => {
  fakeTimersInEachTest();

  it("loads the caller's keys", async () => {
    const { actor, loads } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toEqual([{ owner_type: 'user' }]);
    expect(selectKeys(actor.getSnapshot()).map((k) => k.id)).toEqual([apiKey(1).id]);
  });

  it('asks for nothing until an organization ID is typed, then waits 300 ms', async () => {
    const { actor, loads } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'owner.select', owner: 'organization' });
    expect(selectNeedsOrganization(actor.getSnapshot())).toBe(true);
    expect(selectKeys(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'organization.input', value: ORG_ID.slice(0, 10) });
    actor.send({ type: 'organization.input', value: ` ${ORG_ID} ` });
    await vi.advanceTimersByTimeAsync(299);
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toEqual([{ owner_type: 'user' }, { owner_type: 'organization', organization_id: ORG_ID }]);
  });

  it('keeps a failure for the screen', async () => {
    const { actor } = start(() => {
      throw new ApiError(403, 'org_role_required');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error?.detail).toBe('org_role_required');
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
  });

  it('rotates, emitting the new secret and reloading', async () => {
    const { actor, loads, rotated, emitted } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'key.rotate', key: apiKey(1) });
    await vi.advanceTimersByTimeAsync(0);
    expect(rotated).toEqual([apiKey(1).id]);
    expect(emitted).toContain('key.rotated');
    expect(loads).toHaveLength(2);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('ssss');
  });

  it('revokes only after a confirmation; cancel sends nothing', async () => {
    const { actor, revoked, emitted } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'key.revoke', key: apiKey(1) });
    expect(selectPendingRevoke(actor.getSnapshot())?.id).toBe(apiKey(1).id);
    actor.send({ type: 'revoke.cancel' });
    await vi.advanceTimersByTimeAsync(0);
    expect(revoked).toEqual([]);
    actor.send({ type: 'key.revoke', key: apiKey(1) });
    actor.send({ type: 'revoke.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(revoked).toEqual([apiKey(1).id]);
    expect(emitted).toContain('key.revoked');
    expect(selectPendingRevoke(actor.getSnapshot())).toBeUndefined();
  });
});
