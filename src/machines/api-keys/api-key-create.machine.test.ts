// The create form: the request it sends (expiry at the end of the chosen local day), nothing sent
// for an organization without an ID, the created key emitted, a server failure kept.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { ApiKeyWithSecret, CreateApiKeyRequest } from '../../api/contract/api-keys';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  apiKeyCreateMachine,
  createKeyRequestOf,
  EMPTY_API_KEY_FORM,
  endOfDayIso,
  selectCreateError,
  selectMissingOrganization,
} from './api-key-create.machine';
import { apiKey, ORG_ID, withSecret } from './fixtures';

function start(create: (body: CreateApiKeyRequest) => ApiKeyWithSecret = () => withSecret(apiKey(1))) {
  const sent: CreateApiKeyRequest[] = [];
  const actor = createActor(
    apiKeyCreateMachine.provide({
      actors: {
        createKey: fromPromise(async ({ input }: { input: CreateApiKeyRequest }) => {
          sent.push(input);
          return create(input);
        }),
      },
    }),
  );
  const created: ApiKeyWithSecret[] = [];
  actor.on('key.created', (event) => created.push(event.key));
  actor.start();
  return { actor, sent, created };
}

describe('apiKeyCreateMachine', () => {
  fakeTimersInEachTest();

  it('sends the expiry as the end of that day in local time', () => {
    const iso = endOfDayIso('2027-03-31')!;
    const local = new Date(iso);
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes()]).toEqual([
      2027, 2, 31, 23, 59,
    ]);
    expect(endOfDayIso('')).toBeNull();
    expect(createKeyRequestOf(EMPTY_API_KEY_FORM)).toEqual({
      scopes: ['memory.read'],
      description: '',
      expires_at: null,
      owner_type: 'user',
    });
  });

  it('creates with the chosen scopes and emits the key with its secret', async () => {
    const { actor, sent, created } = start();
    actor.send({ type: 'form.scope', scope: 'memory.write', checked: true });
    actor.send({ type: 'form.scope', scope: 'memory.read', checked: false });
    actor.send({ type: 'form.description', value: '  Claude  ' });
    actor.send({ type: 'form.expiresOn', value: '2027-01-15' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      {
        scopes: ['memory.write'],
        description: 'Claude',
        expires_at: endOfDayIso('2027-01-15'),
        owner_type: 'user',
      },
    ]);
    expect(created.map((k) => k.secret)).toHaveLength(1);
    expect(actor.getSnapshot().context.form.scopes).toEqual(['memory.read']);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(created[0]!.secret);
  });

  it('an organization without an ID sends nothing and says so', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'form.ownerType', value: 'organization' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    expect(selectMissingOrganization(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.organizationId', value: ORG_ID });
    expect(selectMissingOrganization(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[0]).toMatchObject({ owner_type: 'organization', organization_id: ORG_ID });
  });

  it('keeps the server failure', async () => {
    const { actor, created } = start(() => {
      throw new ApiError(409, 'api_key_quota_exceeded');
    });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCreateError(actor.getSnapshot())?.detail).toBe('api_key_quota_exceeded');
    expect(created).toEqual([]);
  });
});
