// Per-IP rate limits count an IPv6 user by the /64 they hold, IPv4 by the address.
import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from '../../server/auth/client-address.js';

describe('rateLimitAddress', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one', () => {
    const a = rateLimitAddress('2001:db8:aa:bb:1:2:3:4');
    expect(a).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitAddress('2001:db8:aa:bb::ffff')).toBe(a);
    expect(rateLimitAddress('2001:db8:aa:bc::1')).not.toBe(a);
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through unchanged', () => {
    expect(rateLimitAddress('unknown')).toBe('unknown');
  });
});
