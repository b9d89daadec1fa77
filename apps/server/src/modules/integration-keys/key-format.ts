import { randomBytes } from 'node:crypto';
import { INTEGRATION_KEY_PREFIX } from '@steward/contract/integration-keys';
import { hashSecret, newSecret, sameHash } from '../../lib/secrets.ts';

/**
 * An integration key: `stw_` + a public id (12 hex characters, finds the row) + `_` + a secret (32 random bytes,
 * base64url). The prefix lets secret scanners and people recognise a leaked key; the public id is shown on the
 * screen. Only the SHA-256 of the whole key is stored: 256 random bits need no slow hash, and a leaked table
 * opens nothing.
 */
// Spells out INTEGRATION_KEY_PREFIX (a literal, not a built pattern); key-format.test.ts parses a fresh key with it.
const KEY_PATTERN = /^stw_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewIntegrationKey {
  /** The whole key, shown once. */
  key: string;
  publicId: string;
  secretHash: string;
}

export function newIntegrationKey(): NewIntegrationKey {
  const publicId = randomBytes(6).toString('hex');
  const key = `${INTEGRATION_KEY_PREFIX}${publicId}_${newSecret()}`;
  return { key, publicId, secretHash: hashSecret(key) };
}

/** The public id of a string shaped like an integration key; undefined for anything else (the bootstrap key, junk). */
export const publicIdOf = (presented: string): string | undefined => KEY_PATTERN.exec(presented)?.[1];

/** What the screen shows of a key: its prefix and public id. */
export const shownPrefix = (publicId: string): string => `${INTEGRATION_KEY_PREFIX}${publicId}`;

/** Whether the key presented is the one whose hash is stored, compared in constant time. */
export const keyMatches = (presented: string, secretHash: string): boolean => sameHash(hashSecret(presented), secretHash);
