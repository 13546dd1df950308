// Pure pieces of the Copilot service: reading a question, stems and cite-key patterns, provision
// addresses (the same as the web app's), the signed headers and the session secret.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCopilotSecret } from '../../server/copilot/copilot-secret.js';
import { citeKeyPattern, parseQuestion } from '../../server/copilot/question.js';
import { wordStem } from '../../server/search/word-stem.js';
import { markerOf } from '../../server/copilot/retrieval-assistant.js';
import { loginTagOf, newSessionClaims, signSession, verifySignedHeaders } from '../../server/copilot/signed-session.js';

describe('parseQuestion', () => {
  it("reads 'Co říká čl. 54 ústavy?' as article 54 of the Constitution, in Czech", () => {
    expect(parseQuestion('Co říká čl. 54 ústavy?')).toEqual({
      language: 'cs',
      intent: 'ask',
      text: 'Co říká čl. 54 ústavy?',
      citeKey: { kind: 'article', number: '54', display: 'čl. 54' },
      numbers: [],
      terms: ['ustav'],
      words: ['ustavy'],
      titlePhrases: ['ustava ceske republiky'],
    });
  });

  it.each([
    ['open 1/1993 čl. 54', 'open', { kind: 'article', number: '54' }, ['1/1993']],
    ['otevři 1/1993 čl. 54', 'open', { kind: 'article', number: '54' }, ['1/1993']],
    ['Otevri zakon 89/2012 § 10a odst. 2', 'open', { kind: 'section', number: '10a', paragraph: '2' }, ['89/2012']],
    ['ukaž článek 10a ústavy', 'open', { kind: 'article', number: '10a' }, []],
    ['What does Article 6(1) of 2016/679 say?', 'ask', { kind: 'article', number: '6', paragraph: '1' }, ['2016/679']],
    ['CELEX 32016R0679 article 17', 'ask', { kind: 'article', number: '17' }, ['32016R0679']],
  ])('%s', (question, intent, citeKey, numbers) => {
    const parsed = parseQuestion(question);
    expect(parsed.intent).toBe(intent);
    expect(parsed.citeKey).toMatchObject(citeKey);
    expect(parsed.numbers).toEqual(numbers);
  });

  it.each([
    ['search svoboda projevu', 'svoboda projevu', ['svobod', 'projev']],
    ['hledej: svoboda projevu', 'svoboda projevu', ['svobod', 'projev']],
    ['Najdi ochranu osobních údajů', 'ochranu osobních údajů', ['ochran', 'osobn', 'udaj']],
    ['find personal data', 'personal data', ['personal', 'dat']],
  ])('%s is a search for %s', (question, text, terms) => {
    const parsed = parseQuestion(question);
    expect(parsed.intent).toBe('search');
    expect(parsed.text).toBe(text);
    expect(parsed.terms).toEqual(terms);
  });

  it('tells Czech from English', () => {
    expect(parseQuestion('Kdo volí prezidenta?').language).toBe('cs');
    expect(parseQuestion('co rika zakon o volbach').language).toBe('cs');
    expect(parseQuestion('Who elects the president?').language).toBe('en');
  });

  it('keeps the meaningful words as written (folded) for the full-text search', () => {
    // The database search stems them its own way ('voli' -> 'vol:*'); 'a' and 'kdo' are stop words.
    expect(parseQuestion('A kdo volí prezidenta?').words).toEqual(['voli', 'prezidenta']);
    expect(parseQuestion('Jak se volí prezident republiky?').words).toEqual(['voli', 'prezident', 'republiky']);
  });

  it('drops stop words, numbers and law numbers from the search terms', () => {
    expect(parseQuestion('Co říká zákon 110/1998 o bezpečnosti státu v roce 2024?').terms).toEqual([
      'bezpecnost',
      'stat',
      'roc',
    ]);
  });
});

describe('stems and patterns', () => {
  it.each([
    ['ustavy', 'ustav'],
    ['ustavou', 'ustav'],
    ['prezidentovi', 'prezident'],
    ['projevu', 'projev'],
    ['volby', 'volb'],
    ['rights', 'right'],
    ['data', 'dat'],
  ])('the Copilot stems as the search does: %s -> %s', (word, expected) => expect(wordStem(word)).toBe(expected));

  it('matches cite keys as stored', () => {
    const article = new RegExp(citeKeyPattern({ kind: 'article', number: '54' }), 'iu');
    expect(['Čl. 54', 'Art. 54', 'Article 54', 'čl.54'].every((key) => article.test(key))).toBe(true);
    expect(['Čl. 540', 'Čl. 5', '§ 54'].some((key) => article.test(key))).toBe(false);
    const section = new RegExp(citeKeyPattern({ kind: 'section', number: '10a' }), 'iu');
    expect(section.test('§ 10a')).toBe(true);
    expect(section.test('§ 10')).toBe(false);
  });

  it('marks sub-provisions in quotes', () => {
    expect(markerOf('odst. 2')).toBe('(2)');
    expect(markerOf('paragraph 3')).toBe('(3)');
    expect(markerOf('písm. b)')).toBe('b)');
    expect(markerOf('point (a)')).toBe('(a)');
    expect(markerOf('Čl. 5')).toBe('Čl. 5');
  });
});

describe('signed headers', () => {
  const secret = Buffer.from('a-test-secret-of-enough-length');
  const claims = newSessionClaims(
    '2b0c0a4e-6c1f-4b7e-9d0a-0f3e2c1b4a59',
    loginTagOf(secret, 'a'.repeat(64)),
    Date.parse('2030-01-01T00:00:00Z'),
  );
  const headers = signSession(secret, claims);
  const now = Date.parse('2030-01-01T00:10:00Z');

  it('verify with the same secret before expiry', () => {
    expect(verifySignedHeaders(secret, headers, now)).toEqual(claims);
  });

  it.each([
    [
      'another secret',
      () => verifySignedHeaders(Buffer.from('another-secret-of-enough-length'), headers, now),
      'copilot_session_invalid',
    ],
    [
      'a changed session',
      () => verifySignedHeaders(secret, { ...headers, 'x-copilot-session': 'x' + headers['x-copilot-session'] }, now),
      'copilot_session_invalid',
    ],
    [
      'a changed login tag',
      () => verifySignedHeaders(secret, { ...headers, 'x-copilot-login': loginTagOf(secret, 'b'.repeat(64)) }, now),
      'copilot_session_invalid',
    ],
    [
      'a changed nonce',
      () => verifySignedHeaders(secret, { ...headers, 'x-copilot-nonce': 'n' }, now),
      'copilot_session_invalid',
    ],
    [
      'a non-numeric expiry',
      () => verifySignedHeaders(secret, { ...headers, 'x-copilot-expires': '1e12' }, now),
      'copilot_session_invalid',
    ],
    [
      'a short signature',
      () => verifySignedHeaders(secret, { ...headers, 'x-copilot-signature': 'abc' }, now),
      'copilot_session_invalid',
    ],
    [
      'a missing header',
      () => verifySignedHeaders(secret, { ...headers, 'x-copilot-user': undefined }, now),
      'copilot_session_invalid',
    ],
    [
      'the time after expiry',
      () => verifySignedHeaders(secret, headers, Date.parse('2030-01-01T00:30:01Z')),
      'copilot_session_expired',
    ],
  ])('refuse %s', (_name, verify, detail) => {
    expect(verify).toThrow(expect.objectContaining({ status: 401, detail }));
  });
});

describe('the session secret', () => {
  it('comes from COPILOT_SECRET when set (and must not be short)', () => {
    expect(loadCopilotSecret({ secret: 'x'.repeat(32), dataDir: '/nonexistent' }).toString()).toBe('x'.repeat(32));
    expect(() => loadCopilotSecret({ secret: 'short' })).toThrow(/COPILOT_SECRET/);
  });

  it('is generated once into DATA_DIR/copilot-secret (mode 0600) and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-copilot-secret-'));
    try {
      const first = loadCopilotSecret({ dataDir: dir });
      const file = path.join(dir, 'copilot-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadCopilotSecret({ dataDir: dir }).equals(first)).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(32);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is one per process without either', () => {
    expect(loadCopilotSecret().equals(loadCopilotSecret())).toBe(true);
  });
});
