// The one place user text enters an account email: the greeting's name. Whatever reads as a
// link, a domain or an address is left out, also when invisible characters split it or another
// script's dot stands for the dot.
import { describe, expect, it } from 'vitest';
import { greetingName } from '../../server/mail/account-messages.js';

describe('greetingName', () => {
  it('keeps a name, and a name with a hyphen, an apostrophe or an abbreviation', () => {
    expect(greetingName('Jana')).toBe('Jana');
    expect(greetingName('Anna-Marie O’Brien')).toBe('Anna-Marie O’Brien');
    expect(greetingName('Ing. Petr')).toBe('Ing. Petr');
  });

  it.each([
    'https://evil.example',
    'www.evil',
    'jana@evil.example',
    'visit evil.com now',
    'evil\u200B.com',
    'evil\u2060.com',
    'evil\u3002com',
    'evil\uFF0Ecom',
    'evil\uFF61com',
  ])('leaves out %j', (name) => {
    expect(greetingName(name)).toBe('');
  });
});
