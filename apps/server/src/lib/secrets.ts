import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret for session ids and mailed keys: 32 random bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored, so a database leak does not hand out live sessions or keys. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Compares two hashes without leaking, through timing, how much of them matched. */
export function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'utf8');
  const b = Buffer.from(right, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Secrets are 43 base64url characters; anything else cannot be one of ours. */
export const looksLikeSecret = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
