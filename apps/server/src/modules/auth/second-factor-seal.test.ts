import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealedSecretError, sealerWithKeys } from '../../lib/sealed-secrets.ts';
import { deriveSeedKey, seedPurpose, seedSealerWithRoots } from './second-factor-seal.ts';
import { newTotpSeed } from './totp.ts';

describe('sealing TOTP seeds', () => {
  const root = randomBytes(32);
  const sealer = seedSealerWithRoots([root]);
  const seed = newTotpSeed();

  it('opens what it sealed, and the sealed form does not hold the seed', () => {
    const sealed = sealer.seal(seed, seedPurpose(7));
    expect(sealed).not.toContain(seed);
    expect(sealer.open(sealed, seedPurpose(7))).toBe(seed);
  });

  it('refuses a sealed seed that was altered', () => {
    const sealed = sealer.seal(seed, seedPurpose(7));
    const payload = Buffer.from(sealed.split('.')[2] ?? '', 'base64url');
    payload[payload.length - 1] = (payload[payload.length - 1] ?? 0) ^ 1;
    const tampered = [...sealed.split('.').slice(0, 2), payload.toString('base64url')].join('.');
    expect(() => sealer.open(tampered, seedPurpose(7))).toThrow(SealedSecretError);
  });

  it("refuses a seed moved to another member's row", () => {
    expect(() => sealer.open(sealer.seal(seed, seedPurpose(7)), seedPurpose(8))).toThrow(SealedSecretError);
  });

  it('seals with a key of its own, derived by HKDF: the root key itself does not open a seed', () => {
    expect(deriveSeedKey(root).equals(root)).toBe(false);
    expect(deriveSeedKey(root).equals(deriveSeedKey(root))).toBe(true);
    expect(() => sealerWithKeys([root]).open(sealer.seal(seed, seedPurpose(7)), seedPurpose(7))).toThrow(SealedSecretError);
  });

  it('still opens a seed sealed under an earlier root once a new root seals', () => {
    const sealed = sealer.seal(seed, seedPurpose(7));
    expect(seedSealerWithRoots([randomBytes(32), root]).open(sealed, seedPurpose(7))).toBe(seed);
  });
});
