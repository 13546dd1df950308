// The second language on fake timers: off until chosen, batches of the passages on screen after
// the list settles, a cache that keeps what it has (and evicts the oldest beyond its limit), the
// source answered for a passage the language lacks ('Not translated'), failures and retry, a new
// language starting over; and the address's `lang2`.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fakeTimersInEachTest } from '../../testing/fake-timers';
import {
  createSecondCache,
  isUntranslated,
  putSecondTexts,
  secondLangOf,
  secondLangQuery,
  secondLanguageMachine,
  type SecondText,
} from './second-language.machine';

vi.mock('../../api/library', () => ({ getFragmentTexts: vi.fn() }));

fakeTimersInEachTest();

/** 'f1'..: every odd one has an English fragment; even ones answer in Czech. */
const answer = (id: string, lang: string): [string, SecondText] => {
  const translated = Number(id.slice(1)) % 2 === 1;
  return [
    id,
    {
      text: translated ? `${lang} text of ${id}` : `český text ${id}`,
      hasText: true,
      languageCode: translated ? lang : 'cs',
      sourceFragmentId: translated ? `${id}-${lang}` : id,
    },
  ];
};

function start(lang?: string, options: { fail?: () => boolean } = {}) {
  const batches: Array<{ ids: string[]; lang: string }> = [];
  const actor = createActor(
    secondLanguageMachine.provide({
      actors: {
        loadTexts: fromPromise(async ({ input }: { input: { ids: string[]; lang: string } }) => {
          batches.push(input);
          if (options.fail?.()) throw new Error('network');
          return input.ids.map((id) => answer(id, input.lang));
        }),
      },
    }),
    { input: { lang } },
  );
  actor.start();
  return { actor, batches };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `f${from + i}`);

describe('second language machine', () => {
  it('stays off without a language and loads nothing', async () => {
    const { actor, batches } = start();
    expect(actor.getSnapshot().matches('off')).toBe(true);
    actor.send({ type: 'second.want', ids: ids(1, 5) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toEqual([]);
  });

  it('asks for what is on screen once the list settles, in one batch, and keeps it', async () => {
    const { actor, batches } = start('en');
    actor.send({ type: 'second.want', ids: ids(1, 5) });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'second.want', ids: ids(3, 8) });
    await vi.advanceTimersByTimeAsync(249);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([{ ids: ids(1, 8), lang: 'en' }]);
    const { cache } = actor.getSnapshot().context;
    expect(cache.entries.get('f1')).toMatchObject({ text: 'en text of f1', languageCode: 'en' });
    // A passage English lacks answers in Czech: shown with the mark.
    expect(isUntranslated(cache.entries.get('f2')!, 'en')).toBe(true);
    expect(isUntranslated(cache.entries.get('f1')!, 'en')).toBe(false);

    // Scrolling back over cached passages asks for nothing new.
    actor.send({ type: 'second.want', ids: ids(2, 6) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toHaveLength(1);
  });

  it('starts over for another language and stops when turned off', async () => {
    const { actor, batches } = start('en');
    actor.send({ type: 'second.want', ids: ids(1, 2) });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'second.select', lang: 'de' });
    expect(actor.getSnapshot().context.cache.entries.size).toBe(0);
    actor.send({ type: 'second.want', ids: ids(1, 2) });
    await vi.advanceTimersByTimeAsync(300);
    expect(batches.map((batch) => batch.lang)).toEqual(['en', 'de']);
    expect(actor.getSnapshot().context.cache.entries.get('f1')?.text).toBe('de text of f1');

    actor.send({ type: 'second.select', lang: undefined });
    expect(actor.getSnapshot().matches('off')).toBe(true);
    actor.send({ type: 'second.want', ids: ids(3, 4) });
    await vi.advanceTimersByTimeAsync(300);
    expect(batches).toHaveLength(2);
  });

  it('marks a failed batch and asks again on retry', async () => {
    let fail = true;
    const { actor, batches } = start('en', { fail: () => fail });
    actor.send({ type: 'second.want', ids: ids(1, 3) });
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().context.failed).toEqual(ids(1, 3));
    // Failed passages are not asked for again by scrolling alone.
    actor.send({ type: 'second.want', ids: ids(1, 3) });
    await vi.advanceTimersByTimeAsync(300);
    expect(batches).toHaveLength(1);
    fail = false;
    actor.send({ type: 'second.retry' });
    await vi.advanceTimersByTimeAsync(300);
    expect(batches).toHaveLength(2);
    expect(actor.getSnapshot().context.failed).toEqual([]);
    expect(actor.getSnapshot().context.cache.entries.size).toBe(3);
  });

  it('sends at most 200 ids a batch', async () => {
    const { actor, batches } = start('en');
    actor.send({ type: 'second.want', ids: ids(1, 450) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches.map((batch) => batch.ids.length)).toEqual([200, 200, 50]);
  });
});

describe('second language cache', () => {
  const text = (value: string): SecondText => ({
    text: value,
    hasText: true,
    languageCode: 'en',
    sourceFragmentId: value,
  });

  it('evicts the oldest written beyond its limit; a rewrite makes an entry the newest', () => {
    let cache = createSecondCache(3);
    cache = putSecondTexts(cache, [
      ['a', text('a')],
      ['b', text('b')],
      ['c', text('c')],
    ]);
    cache = putSecondTexts(cache, [['a', text('a2')]]);
    cache = putSecondTexts(cache, [['d', text('d')]]);
    expect([...cache.entries.keys()]).toEqual(['c', 'a', 'd']);
    expect(cache.entries.get('a')?.text).toBe('a2');
  });

  it('is a new object on every write (machine context changes are seen)', () => {
    const cache = createSecondCache();
    expect(putSecondTexts(cache, [['a', text('a')]])).not.toBe(cache);
    expect(cache.entries.size).toBe(0);
  });
});

describe('the address (lang2)', () => {
  it('reads a language code that is not the one read', () => {
    expect(secondLangOf('lang=cs&lang2=en')).toBe('en');
    expect(secondLangOf('?lang2=en', 'cs')).toBe('en');
    expect(secondLangOf('lang2=en', 'en')).toBeUndefined();
    expect(secondLangOf('lang2=english')).toBeUndefined();
    expect(secondLangOf('lang2=EN')).toBeUndefined();
    expect(secondLangOf('p=cl-54')).toBeUndefined();
  });

  it('writes the choice, or removes it when turned off', () => {
    expect(secondLangQuery('en')).toEqual({ lang2: 'en' });
    expect(secondLangQuery(undefined)).toEqual({ lang2: undefined });
    expect(secondLangQuery('<x>')).toEqual({ lang2: undefined });
  });
});
