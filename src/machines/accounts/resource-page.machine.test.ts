// The resource-page machine, served by provide() for the user and the organization pages:
// loaded, not found on a 404, failed with the ApiError, and loaded again on retry.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import {
  orgPageMachine,
  selectLoading,
  selectNotFound,
  selectOrg,
  selectPageError,
  selectUser,
  userPageMachine,
} from './resource-page.machine';

const USER = { username: 'jana', first_name: 'Jana' };
const ORG = { slug: 'ak-novak', name: 'AK Novák' };

function start(machine: typeof userPageMachine, key: string, load: (key: string) => Promise<unknown>) {
  const calls = vi.fn(load);
  const actor = createActor(machine.provide({ actors: { load: fromPromise(({ input }) => calls(input.key)) } }), {
    input: { key },
  }).start();
  return { actor, calls };
}

describe('resourcePageMachine', () => {
  it.each([
    ['the user page', userPageMachine, 'jana', USER, selectUser],
    ['the organization page', orgPageMachine, 'ak-novak', ORG, selectOrg],
  ] as const)('loads %s by its key', async (_name, machine, key, resource, select) => {
    const { actor, calls } = start(machine, key, async () => resource);
    expect(selectLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(calls).toHaveBeenCalledWith(key);
    expect(select(actor.getSnapshot())).toEqual(resource);
  });

  it('says not found on a 404, with no error to retry', async () => {
    const { actor } = start(orgPageMachine, 'nikdo', async () => {
      throw new ApiError(404, 'not_found');
    });
    await waitFor(actor, (snapshot) => selectNotFound(snapshot));
    expect(selectPageError(actor.getSnapshot())).toBeUndefined();
  });

  it('keeps any other failure as an ApiError and loads again on retry', async () => {
    let fail = true;
    const { actor, calls } = start(userPageMachine, 'jana', async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return USER;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectPageError(actor.getSnapshot())).toMatchObject({ detail: 'network_error', message: 'Failed to fetch' });
    fail = false;
    actor.send({ type: 'page.retry' });
    expect(selectPageError(actor.getSnapshot())).toBeUndefined();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectUser(actor.getSnapshot())).toEqual(USER);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
