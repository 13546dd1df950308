// The Events dialog: asks for the latest 50 events of the key's owner and key; closing forgets them.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiKey, ApiKeyEvent } from '../../api/contract/api-keys';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { apiKeyEventsMachine, selectEvents, selectEventsKey } from './api-key-events.machine';
import { apiKey, ORG_ID } from './fixtures';

const event = (key: ApiKey): ApiKeyEvent => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  key_id: key.id,
  key_prefix: key.prefix,
  event_type: 'created',
  created_at: '2026-11-01T10:00:00.000Z',
  description: 'Created',
  metadata: {},
});

describe('apiKeyEventsMachine', () => {
  fakeTimersInEachTest();

  it("loads the opened key's events and forgets them when closed", async () => {
    const asked: ApiKey[] = [];
    const actor = createActor(
      apiKeyEventsMachine.provide({
        actors: {
          loadEvents: fromPromise(async ({ input }: { input: ApiKey }) => {
            asked.push(input);
            return [event(input)];
          }),
        },
      }),
    ).start();
    const key = apiKey(2, { owner_type: 'organization', organization_id: ORG_ID });
    actor.send({ type: 'events.open', key });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([key]);
    expect(selectEvents(actor.getSnapshot())).toHaveLength(1);
    actor.send({ type: 'events.close' });
    expect(selectEventsKey(actor.getSnapshot())).toBeUndefined();
    expect(selectEvents(actor.getSnapshot())).toEqual([]);
  });
});
