// The session: bootstrap from /auth/me (user, 401 and network failure both mean anonymous),
// a login taking over, and logout (clears the user, says so and goes home; a failed logout keeps
// it and says why).
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { CurrentUser } from '../../api/contract';
import { JANA } from '../../testing/users';
import { sessionMachine } from './session.machine';

const USER = JANA;

function start(
  loadUser: () => Promise<CurrentUser>,
  logout: () => Promise<{ status: 'ok' }> = async () => ({ status: 'ok' }),
) {
  const published: (CurrentUser | null)[] = [];
  const calls = { emitted: vi.fn(), navigate: vi.fn(), logout: vi.fn(logout) };
  const actor = createActor(
    sessionMachine.provide({
      actors: { loadUser: fromPromise(loadUser), logout: fromPromise(() => calls.logout()) },
      actions: {
        publishUser: (_, { user }) => published.push(user),
        navigate: (_, { to }) => calls.navigate(to),
      },
    }),
  );
  actor.on('*', (event) => calls.emitted(event));
  actor.start();
  return { actor, published, calls };
}

describe('sessionMachine', () => {
  it('publishes the user /auth/me answers', async () => {
    const { actor, published } = start(async () => USER);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(published).toEqual([USER]);
  });

  it.each([
    ['a 401', new ApiError(401, 'not_authenticated')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('treats %s as nobody logged in', async (_name, error) => {
    const { actor, published } = start(async () => {
      throw error;
    });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(published).toEqual([null]);
  });

  it('takes the user of a login, even while /auth/me is still asked', async () => {
    const { actor, published } = start(() => new Promise<CurrentUser>(() => {}));
    actor.send({ type: 'session.signedIn', user: USER });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(published).toEqual([USER]);
  });

  it('logs out: clears the user, says so and goes home', async () => {
    const { actor, published, calls } = start(async () => USER);
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(calls.logout).toHaveBeenCalledTimes(1);
    expect(published).toEqual([USER, null]);
    expect(calls.navigate).toHaveBeenCalledWith('/');
    expect(calls.emitted).toHaveBeenCalledWith({ type: 'session.loggedOut' });
  });

  it('counts a 401 at logout as logged out already', async () => {
    const { actor, published } = start(
      async () => USER,
      async () => {
        throw new ApiError(401, 'not_authenticated');
      },
    );
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(published).toEqual([USER, null]);
  });

  it('keeps the user and reports it when the logout fails otherwise', async () => {
    const { actor, published, calls } = start(
      async () => USER,
      async () => {
        throw new TypeError('Failed to fetch');
      },
    );
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(published).toEqual([USER]);
    expect(calls.navigate).not.toHaveBeenCalled();
    expect(calls.emitted).toHaveBeenCalledWith({
      type: 'session.logoutFailed',
      error: expect.objectContaining({ detail: 'network_error', message: 'Failed to fetch' }),
    });
  });
});
