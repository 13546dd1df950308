// The shared resource-page machine, served by resourcePage(load) for each page: loaded by its
// key (typed as load answers), not found on not_found, failed with the ApiError, loaded again on retry.
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../api/client';
import { resourcePage, selectLoading, selectNotFound, selectPageError, selectResource } from './resource-page.machine';

const USER = { username: 'jana', first_name: 'Jana' };
const ORG = { slug: 'ak-novak', name: 'AK Novák' };

function start<T>(key: string, load: (key: string) => Promise<T>) {
  const calls = vi.fn(load);
  const actor = createActor(
    resourcePage((key) => calls(key)),
    { input: { key } },
  ).start();
  return { actor, calls };
}

describe('resourcePage', () => {
  it.each([
    ['a user', 'jana', USER],
    ['an organization', 'ak-novak', ORG],
  ] as const)('loads %s by its key', async (_name, key, resource) => {
    const { actor, calls } = start(key, async () => resource);
    expect(selectLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(calls).toHaveBeenCalledWith(key);
    expect(selectResource(actor.getSnapshot())).toEqual(resource);
  });

  it('says not found on not_found, with no error to retry', async () => {
    const { actor } = start('nikdo', async () => {
      throw new ApiError(404, 'not_found');
    });
    await waitFor(actor, (snapshot) => selectNotFound(snapshot));
    expect(selectPageError(actor.getSnapshot())).toBeUndefined();
  });

  it('keeps any other failure as an ApiError and loads again on retry', async () => {
    let fail = true;
    const { actor, calls } = start('jana', async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return USER;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectPageError(actor.getSnapshot())).toMatchObject({ detail: 'network_error', message: 'Failed to fetch' });
    fail = false;
    actor.send({ type: 'page.retry' });
    expect(selectPageError(actor.getSnapshot())).toBeUndefined();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectResource(actor.getSnapshot())).toEqual(USER);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
