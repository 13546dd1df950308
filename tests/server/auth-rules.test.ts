// The pure rules of accounts: handles from names, phone normalization, the password policy,
// the language of emails.
import { describe, expect, it } from 'vitest';
import { HANDLE_PATTERN, RESERVED_HANDLES } from '../../src/api/contract/users.js';
import { baseHandle, handleCandidates } from '../../server/auth/handle-from-name.js';
import { fromAcceptLanguage, mailLanguage } from '../../server/auth/languages.js';
import { passwordProblem } from '../../server/auth/password-policy.js';
import { normalizePhone } from '../../server/auth/phone-number.js';
import type { ApiError } from '../../server/http/errors.js';

describe('handle from name', () => {
  it.each([
    ['Jana', 'Nováková', 'jana-novakova'],
    ['Jürgen', 'Groß', 'jurgen-gross'],
    ['Łukasz', 'Żółć', 'lukasz-zolc'],
    ["O'Brien", 'Mc Donald', 'o-brien-mc-donald'],
    ['A', 'B', 'a-b'],
    ['王', '小明', 'user-user'],
    ['Admin', '!!!', 'admin-user'],
    ['Maximilian-Alexander', 'Wolfeschlegelsteinhausen', 'maximilian-alexander-wol'],
  ])('%s %s → %s', (first, last, handle) => {
    expect(baseHandle(first, last)).toBe(handle);
  });

  it('always fits the contract, even for long, odd or reserved names', () => {
    for (const [first, last] of [
      ['x'.repeat(100), 'y'],
      ['Settings', ''],
      ['', ''],
      ['-', '-'],
      ['Api', ''],
      ['V1', ''],
    ]) {
      const handle = baseHandle(first!, last!);
      expect(handle).toMatch(HANDLE_PATTERN);
      expect(RESERVED_HANDLES as readonly string[]).not.toContain(handle);
      // Room for a collision suffix.
      expect(`${handle}-12345`).toMatch(HANDLE_PATTERN);
    }
  });

  it('without a name offers only random handles: user- and 6 base36 characters, nothing of the email', () => {
    for (const [first, last] of [
      ['', ''],
      ['  ', ' '],
    ]) {
      const candidates = handleCandidates(first!, last!);
      const handles = Array.from({ length: 50 }, () => candidates.next().value as string);
      for (const handle of handles) {
        expect(handle).toMatch(/^user-[a-z0-9]{6}$/);
        expect(handle).toMatch(HANDLE_PATTERN);
      }
      // Random, so a taken one is followed by another (the caller takes the first one free).
      expect(new Set(handles).size).toBeGreaterThan(45);
    }
    const candidates = handleCandidates('', '', (length) => 'q'.repeat(length));
    expect([candidates.next().value, candidates.next().value]).toEqual(['user-qqqqqq', 'user-qqqqqq']);
  });

  it('offers -2 ... -9, then random suffixes', () => {
    const candidates = handleCandidates('Jana', 'Nováková', () => 'abcde');
    const first = Array.from({ length: 11 }, () => candidates.next().value);
    expect(first).toEqual([
      'jana-novakova',
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `jana-novakova-${n}`),
      'jana-novakova-abcde',
      'jana-novakova-abcde',
    ]);
  });
});

describe('phone numbers', () => {
  const code = (typed: string) => {
    try {
      return normalizePhone(typed);
    } catch (error) {
      return (error as ApiError).detail;
    }
  };
  it.each([
    // The form sends the chosen calling code and the digits typed.
    ['+420 601 123 456', '+420601123456'],
    ['+420 0601-123-456', '+420601123456'],
    ['+420601123456', '+420601123456'],
    ['+420 00420 601 123 456', '+420601123456'],
    ['+420 +420 601 123 456', '+420601123456'],
    ['+421 0905 123 456', '+421905123456'],
    ['+421 0901 234 567', '+421901234567'],
    ['+421 02 5443 1234', '+421254431234'],
    ['+43 0664 1234567', '+436641234567'],
    ['+49 0491 1234567', '+494911234567'],
    ['+49 01512 3456789', '+4915123456789'],
    ['+49 030 12345678', '+493012345678'],
    ['+48 512 345 678', '+48512345678'],
    ['+1 416 555 0123', '+14165550123'],
    ['+1 (201) 555-0123', '+12015550123'],
    ['+44 07400 123456', '+447400123456'],
    // Without a calling code: the form's default, +420.
    ['601 123 456', '+420601123456'],
    ['00420 601 123 456', '+420601123456'],
    ['', 'phone_invalid_format'],
    ['---', 'phone_invalid_format'],
    ['+', 'phone_invalid_format'],
    ['000', 'phone_invalid_format'],
    ['12345', 'phone_invalid_format'],
    ['+420 12', 'phone_invalid_format'],
    ['9'.repeat(16), 'phone_invalid_format'],
    ['100 000 000', 'phone_invalid'],
    ['+420 100 000 000', 'phone_invalid'],
    ['+421 777 123 456', 'phone_invalid'],
    // Calling codes the form does not offer.
    ['+33 6 12 34 56 78', 'phone_invalid'],
    ['+999 123 456 789', 'phone_invalid'],
  ] as const)('%s → %s', (typed, expected) => {
    expect(code(typed)).toBe(expected);
  });
});

describe('password policy', () => {
  const inputs = ['jana.novakova@example.com', 'Jana', 'Nováková'];
  it.each([
    ['Quiet-Lantern-River-1987', null],
    ['correct horse battery staple', null],
    ['short1!A', 'password_too_weak'],
    ['elevenchars', 'password_too_weak'],
    ['qwerty123456', 'password_too_common'],
    ['QWERTY123456', 'password_too_common'],
    ['P@ssw0rd1234', 'password_too_common'],
    ['aaaaaaaaaaaaaaaa', 'password_too_weak'],
    ['1234567890123', 'password_too_weak'],
    ['jana.novakova@example.com', 'password_too_weak'],
  ])('%s → %s', async (password, problem) => {
    expect(await passwordProblem(password, inputs)).toBe(problem);
  });

  it('counts characters, not UTF-16 units', async () => {
    expect(await passwordProblem('😀'.repeat(11), [])).toBe('password_too_weak');
  });

  it('checks a long password quickly and without blocking the event loop', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => passwordProblem('aB3$'.repeat(64), [])));
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(5000);
    // The timer kept firing while the worker scored.
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('mail language', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['cs', 'cs'],
    ['cs-CZ,cs;q=0.9,en;q=0.8', 'cs'],
    ['de-DE,de;q=0.9,en;q=0.5,cs;q=0.4', 'en'],
    ['en;q=0.2,cs;q=0.9', 'cs'],
    ['fr', undefined],
    ['cs;q=0', undefined],
  ])('Accept-Language %s → %s', (header, language) => {
    expect(fromAcceptLanguage(header)).toBe(language);
  });
  it('prefers the saved language, defaults to en', () => {
    expect(mailLanguage('cs', 'en')).toBe('cs');
    expect(mailLanguage(null, 'cs')).toBe('cs');
    expect(mailLanguage(null, undefined)).toBe('en');
  });
});
