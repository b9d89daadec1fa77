import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT } from '@steward/contract/second-factor';
import { hashNewRecoveryCodes, hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('makes ten different codes of four groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('keeps only a hash, the same however the code is typed, and never the code itself', () => {
    const [code = ''] = newRecoveryCodes(1);
    const [stored = ''] = hashNewRecoveryCodes([code]);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code.replaceAll('-', ''));
    expect(hashRecoveryCode(code.toUpperCase())).toBe(stored);
    expect(hashRecoveryCode(code.replaceAll('-', ' '))).toBe(stored);
    expect(hashRecoveryCode(code.replaceAll('-', ''))).toBe(stored);
  });

  it('reads o as zero and i or l as one, as Crockford base32 does', () => {
    expect(normaliseRecoveryCode('oooo-iiii-llll-0000')).toBe('0000111111110000');
  });

  it('refuses what cannot be a code: too short, too long, or a letter outside the alphabet', () => {
    expect(hashRecoveryCode('123456')).toBeUndefined();
    expect(hashRecoveryCode('aaaa-bbbb-cccc-ddddd')).toBeUndefined();
    expect(hashRecoveryCode('aaaa-bbbb-cccc-dddu')).toBeUndefined();
  });

  it('gives different codes different hashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(hashNewRecoveryCodes(codes)).size).toBe(codes.length);
  });
});
