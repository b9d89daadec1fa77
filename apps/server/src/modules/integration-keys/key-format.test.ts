import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/secrets.ts';
import { keyMatches, newIntegrationKey, publicIdOf, shownPrefix } from './key-format.ts';

describe('integration key format', () => {
  it('is stw_, a public id and a 43-character secret, and stores only the SHA-256 of the whole key', () => {
    const made = newIntegrationKey();
    expect(made.key).toMatch(/^stw_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(`${shownPrefix(made.publicId)}_`)).toBe(true);
    expect(made.secretHash).toBe(hashSecret(made.key));
    expect(made.secretHash).not.toContain(made.key.slice(17));
  });

  it('is a different key every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIntegrationKey().key));
    expect(keys.size).toBe(50);
  });

  it('finds the public id of a key and of nothing else', () => {
    const made = newIntegrationKey();
    expect(publicIdOf(made.key)).toBe(made.publicId);
    expect(publicIdOf('test-bot-api-key-0123456789abcdef')).toBeUndefined();
    expect(publicIdOf(`${made.key}x`)).toBeUndefined();
    expect(publicIdOf(made.key.replace('stw_', 'stx_'))).toBeUndefined();
    expect(publicIdOf(` ${made.key}`)).toBeUndefined();
  });

  it('verifies the key it was made from and refuses one changed in any character', () => {
    const made = newIntegrationKey();
    expect(keyMatches(made.key, made.secretHash)).toBe(true);
    const last = made.key.at(-1) === 'A' ? 'B' : 'A';
    expect(keyMatches(`${made.key.slice(0, -1)}${last}`, made.secretHash)).toBe(false);
    expect(keyMatches(newIntegrationKey().key, made.secretHash)).toBe(false);
    expect(keyMatches('', made.secretHash)).toBe(false);
  });
});
