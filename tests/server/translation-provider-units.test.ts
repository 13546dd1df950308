// The pure parts of machine translation: placeholders out and back in both styles, the QA of a
// translation, the pause arithmetic (Retry-After, doubling, 30 min cap) and the provider settings
// read from the environment (a provider without its setting stops the start).
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.js';
import { deeplTargetLanguage } from '../../server/translation/providers/deepl.js';
import {
  FIRST_PAUSE_SECONDS,
  MAX_PAUSE_SECONDS,
  nextPauseSeconds,
  retryAfterSeconds,
} from '../../server/translation/providers/pause.js';
import { protect, protectedRanges, restore } from '../../server/translation/providers/placeholders.js';
import { qaIssues } from '../../server/translation/providers/qa.js';

const SOURCE = 'Lhůta podle § 1 činí 30 dnů ode dne 1. 1. 2020 & <více> než 2,5 roku.';
const SPAN = { start: SOURCE.indexOf('§ 1'), end: SOURCE.indexOf('§ 1') + 3 };

describe('placeholders', () => {
  it('protects spans, numeric dates and numbers, each once, in text order', () => {
    const ranges = protectedRanges(SOURCE, [SPAN]).map((r) => SOURCE.slice(r.start, r.end));
    expect(ranges).toEqual(['§ 1', '30', '1. 1. 2020', '2,5']);
  });

  it('writes @@PHn@@ tokens and puts the texts back', () => {
    const sent = protect(SOURCE, [SPAN], 'token');
    expect(sent.text).toBe('Lhůta podle @@PH1@@ činí @@PH2@@ dnů ode dne @@PH3@@ & <více> než @@PH4@@ roku.');
    const back = restore('The period under @@PH1@@ is @@ PH2 @@ days from @@PH3@@ & <more> than @@PH4@@ years.', sent);
    expect(back).toEqual({
      text: 'The period under § 1 is 30 days from 1. 1. 2020 & <more> than 2,5 years.',
      lost: [],
    });
  });

  it('writes XML tags, escapes the rest and unescapes the answer', () => {
    const sent = protect(SOURCE, [SPAN], 'xml');
    expect(sent.text).toBe(
      'Lhůta podle <x id="1"/> činí <x id="2"/> dnů ode dne <x id="3"/> &amp; &lt;více&gt; než <x id="4"/> roku.',
    );
    const back = restore(
      'Under <x id="1"/>: <x id="2"></x> days, <x id="3" /> &amp; &lt;more&gt; &#x27;<x id="4"/>',
      sent,
    );
    expect(back.text).toBe("Under § 1: 30 days, 1. 1. 2020 & <more> '2,5");
    expect(back.lost).toEqual([]);
  });

  it('leaves a character reference that names no character as written (a bad answer never throws)', () => {
    const sent = protect(SOURCE, [SPAN], 'xml');
    const back = restore('a &#x110000; b &#99999999999; c &#xD800; d &#65;', sent);
    expect(back.text).toBe('a &#x110000; b &#99999999999; c &#xD800; d A');
  });

  it('lists a placeholder the provider dropped and drops one it invented', () => {
    const sent = protect(SOURCE, [SPAN], 'token');
    const back = restore('Under @@PH1@@ the period is @@PH2@@ days and @@PH9@@ more than @@PH4@@ years.', sent);
    expect(back.text).toBe('Under § 1 the period is 30 days and  more than 2,5 years.');
    expect(back.lost).toEqual([{ id: 3, text: '1. 1. 2020' }]);
  });

  it('keeps a month name for the provider, its numbers protected', () => {
    const text = 'ode dne 1. ledna 2020';
    expect(protect(text, [], 'token').text).toBe('ode dne @@PH1@@. ledna @@PH2@@');
  });

  it('clamps spans to the text and ignores overlapping ones', () => {
    const ranges = protectedRanges('čl. 54 odst. 2', [
      { start: 0, end: 14 },
      { start: 4, end: 6 },
      { start: 10, end: 99 },
    ]);
    expect(ranges).toEqual([{ start: 0, end: 14 }]);
  });
});

describe('QA of a machine translation', () => {
  it('finds nothing when numbers, dates and cite keys agree across languages', () => {
    expect(
      qaIssues('Podle čl. 54 do 1. ledna 2020 a 30 dnů.', 'Under Article 54 by 1 January 2020 and 30 days.', []),
    ).toEqual([]);
  });

  it('lists a lost placeholder once, and changed numbers and cite keys', () => {
    const issues = qaIssues(
      'Podle čl. 54 do 30 dnů, nejvýše 2,5 roku.',
      'Under Article 55 within 31 days, at most years.',
      [{ id: 3, text: '2,5' }],
    );
    expect(issues).toEqual([
      { code: 'placeholder_lost', expected: '2,5', found: null },
      { code: 'number_changed', expected: '30', found: '31' },
      { code: 'cite_key_changed', expected: 'čl. 54', found: 'Article 55' },
    ]);
  });
});

describe('provider pauses', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('pauses for Retry-After or 60 s, doubling up to 30 min', () => {
    expect(nextPauseSeconds(undefined, undefined)).toBe(FIRST_PAUSE_SECONDS);
    expect(nextPauseSeconds(undefined, 5)).toBe(5);
    expect(nextPauseSeconds(60, undefined)).toBe(120);
    expect(nextPauseSeconds(60, 300)).toBe(300);
    expect(nextPauseSeconds(1500, undefined)).toBe(MAX_PAUSE_SECONDS);
    expect(nextPauseSeconds(undefined, 99_999)).toBe(MAX_PAUSE_SECONDS);
  });
});

describe('provider settings from the environment', () => {
  const fails = (env: NodeJS.ProcessEnv, variable: string) =>
    expect(() => readConfig({ HOST: '127.0.0.1', ...env })).toThrow(new RegExp(`^\\s*${variable}: `, 'm'));
  const translation = (env: NodeJS.ProcessEnv) => readConfig({ HOST: '127.0.0.1', ...env }).translation;

  it('is memory only by default, with a 20 s timeout', () => {
    expect(translation({})).toEqual({ provider: undefined, timeoutMs: 20_000 });
  });

  it('stops the start on a bad value or a provider without its setting, naming the variable', () => {
    fails({ TRANSLATION_PROVIDER: 'google' }, 'TRANSLATION_PROVIDER');
    fails({ TRANSLATION_TIMEOUT_MS: '0' }, 'TRANSLATION_TIMEOUT_MS');
    fails({ TRANSLATION_PROVIDER: 'deepl' }, 'DEEPL_API_KEY');
    fails({ TRANSLATION_PROVIDER: 'libretranslate' }, 'LIBRETRANSLATE_URL');
    fails({ TRANSLATION_PROVIDER: 'openai' }, 'TRANSLATION_MODEL_URL');
    fails({ LIBRETRANSLATE_URL: 'ftp://x' }, 'LIBRETRANSLATE_URL');
    fails({ DEEPL_GLOSSARIES: 'cs-en' }, 'DEEPL_GLOSSARIES');
  });

  it('picks the DeepL host by the key (":fx" = Free API) and reads the glossaries', () => {
    expect(translation({ TRANSLATION_PROVIDER: 'deepl', DEEPL_API_KEY: 'k:fx' }).provider).toMatchObject({
      apiUrl: 'https://api-free.deepl.com',
      glossaries: {},
    });
    expect(
      translation({
        TRANSLATION_PROVIDER: 'deepl',
        DEEPL_API_KEY: 'k',
        DEEPL_GLOSSARIES: 'cs-en:g-1, DE-EN:g-2',
      }).provider,
    ).toEqual({
      name: 'deepl',
      apiKey: 'k',
      apiUrl: 'https://api.deepl.com',
      glossaries: { 'cs-en': 'g-1', 'de-en': 'g-2' },
    });
  });

  it('falls back to the Copilot model, never sending its key to another host', () => {
    const copilot = { COPILOT_MODEL_URL: 'http://127.0.0.1:11434/v1', COPILOT_MODEL: 'qwen', COPILOT_API_KEY: 'ck' };
    expect(translation({ ...copilot, TRANSLATION_PROVIDER: 'openai' }).provider).toEqual({
      name: 'openai',
      url: 'http://127.0.0.1:11434/v1',
      model: 'qwen',
      apiKey: 'ck',
    });
    expect(
      translation({ ...copilot, TRANSLATION_PROVIDER: 'openai', TRANSLATION_MODEL_URL: 'http://127.0.0.1:9/v1' })
        .provider,
    ).toEqual({ name: 'openai', url: 'http://127.0.0.1:9/v1', model: 'default', apiKey: undefined });
  });

  it('warns about another provider’s settings', () => {
    const config = readConfig({ HOST: '127.0.0.1', DEEPL_API_KEY: 'k' });
    expect(config.warnings).toContain('DEEPL_API_KEY set, but TRANSLATION_PROVIDER is memory: ignored.');
  });

  it('asks DeepL for British English and European Portuguese', () => {
    expect([deeplTargetLanguage('en'), deeplTargetLanguage('pt'), deeplTargetLanguage('de')]).toEqual([
      'EN-GB',
      'PT-PT',
      'DE',
    ]);
  });
});
