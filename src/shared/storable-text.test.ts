import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable-text';

describe('isStorableText', () => {
  it('accepts any real text, emoji and Czech included', () => {
    expect(isStorableText('Čl. 54 odst. 2 — 😀 prezident')).toBe(true);
  });
  it.each(['a\u0000b', 'x\ud800', '\udc00y', 'a\ud800\ud800'])('refuses %j', (value) => {
    expect(isStorableText(value)).toBe(false);
  });
});
