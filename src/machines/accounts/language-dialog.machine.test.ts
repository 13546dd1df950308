// The language dialog's flow: loading the list once, falling back to the built-in languages,
// filtering, and switching only when another language is chosen.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { BUILT_IN_LANGUAGES, languageDialogMachine, type LanguageOption } from './language-dialog.machine';

const SERVER_LANGUAGES: LanguageOption[] = [
  { code: 'en', name: 'English', native_name: 'English' },
  { code: 'cs', name: 'Czech', native_name: 'Čeština' },
];

function start(load: () => Promise<LanguageOption[]>) {
  const switchLocale = vi.fn();
  const loadLanguages = vi.fn(load);
  const actor = createActor(
    languageDialogMachine.provide({
      actors: { loadLanguages: fromPromise(loadLanguages) },
      actions: { switchLocale: (_, params) => switchLocale(params.code) },
    }),
  ).start();
  return { actor, switchLocale, loadLanguages };
}

describe('languageDialogMachine', () => {
  it('loads the languages on the first opening only', async () => {
    const { actor, loadLanguages } = start(async () => SERVER_LANGUAGES);
    actor.send({ type: 'dialog.open', current: 'en' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(actor.getSnapshot().context.languages).toEqual(SERVER_LANGUAGES);

    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', current: 'en' });
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    expect(loadLanguages).toHaveBeenCalledTimes(1);
  });

  it('falls back to the built-in languages when the call fails, and tries again next time', async () => {
    const { actor, loadLanguages } = start(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'dialog.open', current: 'en' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(actor.getSnapshot().context.languages).toEqual(BUILT_IN_LANGUAGES);

    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', current: 'en' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(loadLanguages).toHaveBeenCalledTimes(2);
  });

  it('keeps the query while open and clears it on the next opening', async () => {
    const { actor } = start(async () => SERVER_LANGUAGES);
    actor.send({ type: 'dialog.open', current: 'en' });
    actor.send({ type: 'query.change', value: 'češ' });
    expect(actor.getSnapshot().context.query).toBe('češ');
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', current: 'en' });
    expect(actor.getSnapshot().context.query).toBe('');
  });

  it('switches the locale and closes when another language is chosen', () => {
    const { actor, switchLocale } = start(async () => SERVER_LANGUAGES);
    actor.send({ type: 'dialog.open', current: 'en' });
    actor.send({ type: 'language.choose', code: 'cs' });
    expect(switchLocale).toHaveBeenCalledWith('cs');
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('only closes when the current language is chosen', () => {
    const { actor, switchLocale } = start(async () => SERVER_LANGUAGES);
    actor.send({ type: 'dialog.open', current: 'cs' });
    actor.send({ type: 'language.choose', code: 'cs' });
    expect(switchLocale).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });
});
