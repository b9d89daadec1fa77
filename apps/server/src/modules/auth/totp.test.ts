import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { manualKey, matchingTimeStep, newTotpSeed, otpauthUri, qrCodeSvg, timeStepAt } from './totp.ts';

/** The code an authenticator app shows for `seed` at `atMs` (the library, used as the app would). */
const codeAt = (seed: string, atMs: number) => new TOTP({ secret: Secret.fromBase32(seed) }).generate({ timestamp: atMs });

describe('TOTP codes', () => {
  const seed = newTotpSeed();
  const now = Date.UTC(2026, 10, 29, 3, 30, 10);
  const step = timeStepAt(now);

  it('makes 160-bit seeds in base32, never the same twice', () => {
    expect(seed).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSeed()).not.toBe(seed);
  });

  it('accepts the code of the current step and of one step either side, and says which step it was', () => {
    expect(matchingTimeStep(seed, codeAt(seed, now), now)).toBe(step);
    expect(matchingTimeStep(seed, codeAt(seed, now - 30_000), now)).toBe(step - 1);
    expect(matchingTimeStep(seed, codeAt(seed, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses a code two steps away (an old code), a code of another seed, and anything that is not six digits', () => {
    expect(matchingTimeStep(seed, codeAt(seed, now - 60_000), now)).toBeUndefined();
    expect(matchingTimeStep(seed, codeAt(seed, now + 60_000), now)).toBeUndefined();
    const other = newTotpSeed();
    const otherCode = codeAt(other, now);
    // A six-digit collision with the right code is one in a million; skip that case rather than assert wrongly.
    if (![-1, 0, 1].some((delta) => codeAt(seed, now + delta * 30_000) === otherCode)) expect(matchingTimeStep(seed, otherCode, now)).toBeUndefined();
    expect(matchingTimeStep(seed, '12345', now)).toBeUndefined();
    expect(matchingTimeStep(seed, 'abcdef', now)).toBeUndefined();
  });

  it('reads a code typed with a space in the middle', () => {
    const code = codeAt(seed, now);
    expect(matchingTimeStep(seed, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
  });

  it('gives an otpauth link an app reads back to the same seed, and draws it as an SVG QR code', async () => {
    const uri = otpauthUri(seed, 'ann@example.com', 'Steward Owner Dashboard');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const parsed = new URL(uri);
    expect(parsed.searchParams.get('secret')).toBe(seed);
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(parsed.pathname)).toContain('ann@example.com');
    expect(await qrCodeSvg(uri)).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(manualKey(seed).replaceAll(' ', '')).toBe(seed);
  });
});
