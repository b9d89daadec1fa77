import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { readServerSecret, sharedServerSecret } from './server-secrets.ts';

/**
 * Secrets the dashboard saves (a language model's or an embeddings API's key) are kept sealed: AES-256-GCM
 * (node:crypto) with a fresh 96-bit nonce each time, the purpose bound as additional data, so a sealed value
 * moved to another column or altered does not open. The key is STEWARD_SECRETS_KEY when set (recommended:
 * the database alone then does not open them), else a key kept in the database as a server secret (shared by
 * every instance on one PostgreSQL; it protects a copy of the settings, not a copy of the whole database).
 * See docs/security.md.
 *
 * A sealed value reads `s1.<key id>.<nonce|tag|ciphertext, base64url>`: the format's version, then which key
 * sealed it (the first 8 hex digits of its SHA-256), so a new key can be brought in later while values sealed
 * with the old one still open (every key the server knows is tried by its id).
 */
const FORMAT = 's1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** The server secret holding the database-kept key, when STEWARD_SECRETS_KEY is not set. */
export const DATABASE_SEALING_KEY = 'secrets_sealing_key';

export class SealedSecretError extends Error {}

export interface SecretSealer {
  /** Seals `plain` for `purpose` (for example `answers.llm_api_key`) with the current key. */
  seal(plain: string, purpose: string): string;
  /** Opens a value sealed for `purpose`; throws SealedSecretError when the key is unknown or the value was altered. */
  open(sealed: string, purpose: string): string;
}

/**
 * A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe); anything else throws, with what
 * is wrong, for the configuration's message.
 */
export function parseSealingKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
  if (key?.length !== KEY_BYTES) throw new SealedSecretError('must be 32 bytes, as 64 hex digits or in base64 (openssl rand -base64 32)');
  return key;
}

const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Seals with the first key; opens with whichever of `keys` sealed the value. */
export function sealerWithKeys(keys: readonly Buffer[]): SecretSealer {
  const [current] = keys;
  if (!current) throw new SealedSecretError('A sealer needs a key.');
  const byId = new Map(keys.map((key) => [keyId(key), key] as const));
  return {
    seal(plain, purpose) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${FORMAT}.${keyId(current)}.${Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [format, id, payload, ...rest] = sealed.split('.');
      if (format !== FORMAT || !id || payload === undefined || rest.length > 0) throw new SealedSecretError('This is not a sealed secret.');
      const key = byId.get(id);
      if (!key) throw new SealedSecretError('This secret was sealed with a key this server does not have.');
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealedSecretError('This sealed secret is cut short.');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedSecretError('This sealed secret was altered, or sealed for another purpose.');
      }
    },
  };
}

/**
 * The server's sealer: STEWARD_SECRETS_KEY (parsed by the configuration) seals when set, and a key already
 * kept in the database still opens what it sealed before the variable was set; without the variable, the
 * database's key (made at first use, shared by every instance) does both.
 */
export async function serverSealer(db: Db, environmentKey: Buffer | undefined): Promise<SecretSealer> {
  return sealerWithKeys(await serverSealingKeys(db, environmentKey));
}

/**
 * The server's sealing keys, the one that seals first: STEWARD_SECRETS_KEY when set (with the database's key, if one
 * was kept before, to open what it sealed), else the database's key, made at first use. Other sealers derive their
 * own keys from these (HKDF), so one root secret never encrypts two kinds of data.
 */
export async function serverSealingKeys(db: Db, environmentKey: Buffer | undefined): Promise<Buffer[]> {
  const makeKey = () => randomBytes(KEY_BYTES).toString('base64url');
  if (environmentKey) {
    const kept = await readServerSecret(db, DATABASE_SEALING_KEY);
    return kept ? [environmentKey, Buffer.from(kept, 'base64url')] : [environmentKey];
  }
  return [Buffer.from(await sharedServerSecret(db, DATABASE_SEALING_KEY, makeKey), 'base64url')];
}

/** A key of its own for one kind of secret, derived (HKDF-SHA256, `info` naming the kind) from a root sealing key. */
export const deriveSealingKey = (root: Buffer, info: string): Buffer => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), info, 32));

/** The server's sealer for one kind of secret: its keys derived from the server's sealing keys (the seeds', the webhooks'). */
export const derivedServerSealer = async (db: Db, environmentKey: Buffer | undefined, info: string): Promise<SecretSealer> =>
  sealerWithKeys((await serverSealingKeys(db, environmentKey)).map((root) => deriveSealingKey(root, info)));
