// The secret dialog: Copy says 'Copied!' for 2000 ms; closing drops the secret.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import { apiKey, withSecret } from './fixtures';
import { keySecretMachine, selectCopied, selectCopyFailed, selectSecretKey } from './key-secret.machine';

function start(copy: (text: string) => Promise<void> = async () => undefined) {
  const copied: string[] = [];
  const actor = createActor(
    keySecretMachine.provide({
      actors: {
        copyText: fromPromise(async ({ input }: { input: { text: string } }) => {
          copied.push(input.text);
          await copy(input.text);
        }),
      },
    }),
  ).start();
  return { actor, copied };
}

describe('keySecretMachine', () => {
  fakeTimersInEachTest();

  it("copies the secret and says 'Copied!' for 2000 ms", async () => {
    const { actor, copied } = start();
    const key = withSecret(apiKey(1));
    actor.send({ type: 'secret.show', key });
    actor.send({ type: 'secret.copy' });
    await vi.advanceTimersByTimeAsync(0);
    expect(copied).toEqual([key.secret]);
    expect(selectCopied(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(selectCopied(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCopied(actor.getSnapshot())).toBe(false);
  });

  it('closing drops the secret', () => {
    const { actor } = start();
    actor.send({ type: 'secret.show', key: withSecret(apiKey(1)) });
    actor.send({ type: 'secret.close' });
    expect(selectSecretKey(actor.getSnapshot())).toBeUndefined();
    expect(JSON.stringify(actor.getSnapshot().context)).toBe('{}');
  });

  it('a refused clipboard is reported and Copy may be tried again', async () => {
    const { actor } = start(async () => {
      throw new Error('denied');
    });
    actor.send({ type: 'secret.show', key: withSecret(apiKey(1)) });
    actor.send({ type: 'secret.copy' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCopyFailed(actor.getSnapshot())).toBe(true);
  });
});
