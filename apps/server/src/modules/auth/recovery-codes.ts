import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@steward/contract/second-factor';
import { hashSecret } from '../../lib/secrets.ts';

/**
 * One-time recovery codes: 16 characters of Crockford's base32 (no I, L, O or U; 80 random bits), shown as four
 * groups of four; typed, o reads as 0 and i or l as 1. Random codes of that length need no slow hash (as session ids: lib/secrets.ts); only their
 * SHA-256 is stored, so a copy of the database hands out none.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 16;

export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const letters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return letters.replace(/(.{4})(?=.)/g, '$1-');
  });
}

/** A code as typed, in any case, with or without its dashes and spaces: its letters only, or undefined when it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const letters = typed.toLowerCase().replace(/[\s-]+/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (letters.length !== CODE_LENGTH) return undefined;
  return [...letters].every((letter) => ALPHABET.includes(letter)) ? letters : undefined;
}

/** What is stored of a code (or compared with what is stored): the SHA-256 of its letters. */
export const hashRecoveryCode = (typed: string): string | undefined => {
  const letters = normaliseRecoveryCode(typed);
  return letters === undefined ? undefined : hashSecret(`recovery:${letters}`);
};

/** The hashes of codes just made here (every one is well formed). */
export const hashNewRecoveryCodes = (codes: readonly string[]): string[] =>
  codes.map((code) => {
    const codeHash = hashRecoveryCode(code);
    if (codeHash === undefined) throw new Error('A recovery code just made is not well formed.');
    return codeHash;
  });
