// The language preference rule: the account's language is applied at login only when this
// device has no choice of its own; a choice made while logged in is saved, none while anonymous.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CurrentUser } from '../../api/contract';
import { testUser } from '../../testing/users';
import { languagePreferenceMachine } from './language-preference.machine';

const user = (language: 'en' | 'cs' | null): CurrentUser => testUser({ language });

function start(save: (language: string) => Promise<'en' | 'cs'> = async (language) => language as 'en' | 'cs') {
  const calls = { applyLocale: vi.fn(), save: vi.fn(save) };
  const actor = createActor(
    languagePreferenceMachine.provide({
      actors: { saveLanguage: fromPromise(({ input }) => calls.save(input.language)) },
      actions: { applyLocale: (_, { locale }) => calls.applyLocale(locale) },
    }),
  ).start();
  return { actor, calls };
}

describe('languagePreferenceMachine', () => {
  it('applies the account language when the device has no choice of its own', () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.user', user: user('cs'), hasLocalChoice: false });
    expect(calls.applyLocale).toHaveBeenCalledWith('cs');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('keeps the local choice over the account language', () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.user', user: user('cs'), hasLocalChoice: true });
    expect(calls.applyLocale).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('changes nothing when the account has no language yet, or for nobody', () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.user', user: null, hasLocalChoice: false });
    actor.send({ type: 'session.user', user: user(null), hasLocalChoice: false });
    expect(calls.applyLocale).not.toHaveBeenCalled();
  });

  it('applies it once per login, not on every refresh of the same user', () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.user', user: user('cs'), hasLocalChoice: false });
    actor.send({ type: 'session.user', user: { ...user('cs'), username: 'jana-2' }, hasLocalChoice: false });
    expect(calls.applyLocale).toHaveBeenCalledTimes(1);
    // Logged out and in again: the rule runs again.
    actor.send({ type: 'session.user', user: null, hasLocalChoice: false });
    actor.send({ type: 'session.user', user: user('en'), hasLocalChoice: false });
    expect(calls.applyLocale).toHaveBeenLastCalledWith('en');
  });

  it('saves a choice made while logged in, and none made while anonymous', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'locale.chosen', locale: 'cs' });
    expect(calls.save).not.toHaveBeenCalled();

    actor.send({ type: 'session.user', user: user(null), hasLocalChoice: true });
    actor.send({ type: 'locale.chosen', locale: 'cs' });
    expect(actor.getSnapshot().matches({ signedIn: 'saving' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(calls.save).toHaveBeenCalledWith('cs');

    actor.send({ type: 'session.user', user: null, hasLocalChoice: true });
    actor.send({ type: 'locale.chosen', locale: 'en' });
    expect(calls.save).toHaveBeenCalledTimes(1);
  });

  it('saves the latest of quick successive choices and shrugs off a failed save', async () => {
    const { actor, calls } = start(async (language) => {
      if (language === 'en') throw new TypeError('Failed to fetch');
      return 'cs';
    });
    actor.send({ type: 'session.user', user: user('en'), hasLocalChoice: true });
    actor.send({ type: 'locale.chosen', locale: 'en' });
    actor.send({ type: 'locale.chosen', locale: 'cs' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(calls.save.mock.calls.map(([language]) => language)).toEqual(['en', 'cs']);

    actor.send({ type: 'locale.chosen', locale: 'en' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(actor.getSnapshot().status).toBe('active');
  });
});
