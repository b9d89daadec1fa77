import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address whole', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:aa:bb::/64';
    expect(rateLimitAddress('2001:db8:aa:bb::1')).toBe(key);
    expect(rateLimitAddress('2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff')).toBe(key);
    expect(rateLimitAddress('2001:DB8:AA:BB:1:2:3:4')).toBe(key);
    expect(rateLimitAddress('2001:db8:aa:bb:1::%eth0')).toBe(key);
    expect(rateLimitAddress('2001:db8:aa:bc::1')).not.toBe(key);
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
