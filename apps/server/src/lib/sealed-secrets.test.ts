import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { DATABASE_SEALING_KEY, parseSealingKey, sealerWithKeys, SealedSecretError, serverSealer } from './sealed-secrets.ts';
import { readServerSecret } from './server-secrets.ts';

const PURPOSE = 'answers.llm_api_key';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const sealer = sealerWithKeys([key]);
    const once = sealer.seal('sk-live-123', PURPOSE);
    const twice = sealer.seal('sk-live-123', PURPOSE);
    expect(once).not.toBe(twice);
    expect(once).not.toContain('sk-live-123');
    expect(once).toMatch(/^s1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(sealer.open(once, PURPOSE)).toBe('sk-live-123');
    expect(sealer.open(sealer.seal('', PURPOSE), PURPOSE)).toBe('');
    expect(sealer.open(sealer.seal('clé ünïcode 🔑', PURPOSE), PURPOSE)).toBe('clé ünïcode 🔑');
  });

  it('refuses a value altered anywhere, cut short, or sealed for another purpose', () => {
    const sealer = sealerWithKeys([key]);
    const sealed = sealer.seal('sk-live-123', PURPOSE);
    const [format, id, payload] = sealed.split('.') as [string, string, string];
    const bytes = Buffer.from(payload, 'base64url');
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] = (altered[at] ?? 0) ^ 1;
      expect(() => sealer.open(`${format}.${id}.${altered.toString('base64url')}`, PURPOSE)).toThrow(SealedSecretError);
    }
    expect(() => sealer.open(`${format}.${id}.${bytes.subarray(0, 20).toString('base64url')}`, PURPOSE)).toThrow(/cut short/);
    expect(() => sealer.open(sealed, 'answers.embeddings_api_key')).toThrow(/altered, or sealed for another purpose/);
    expect(() => sealer.open('sk-live-123', PURPOSE)).toThrow(/not a sealed secret/);
  });

  it('does not open with a wrong key, and opens with an older key kept beside the new one', () => {
    const sealed = sealerWithKeys([key]).seal('sk-live-123', PURPOSE);
    expect(() => sealerWithKeys([randomBytes(32)]).open(sealed, PURPOSE)).toThrow(/a key this server does not have/);
    // A key whose id is forged to be the right one still does not open it.
    const other = randomBytes(32);
    const forged = sealed.replace(/^s1\.[0-9a-f]{8}\./, `s1.${sealerWithKeys([other]).seal('x', PURPOSE).split('.')[1]}.`);
    expect(() => sealerWithKeys([other]).open(forged, PURPOSE)).toThrow(SealedSecretError);
    const rotated = sealerWithKeys([randomBytes(32), key]);
    expect(rotated.open(sealed, PURPOSE)).toBe('sk-live-123');
    expect(rotated.seal('new', PURPOSE).split('.')[1]).not.toBe(sealed.split('.')[1]);
  });

  it('reads a 32-byte key from hex or base64 and refuses any other length', () => {
    expect(parseSealingKey(key.toString('hex'))).toEqual(key);
    expect(parseSealingKey(` ${key.toString('base64')} `)).toEqual(key);
    expect(() => parseSealingKey(randomBytes(31).toString('base64'))).toThrow(/must be 32 bytes/);
    expect(() => parseSealingKey('not a key at all!')).toThrow(/must be 32 bytes/);
  });
});

describe("the server's sealer", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps one key in the database for every instance without STEWARD_SECRETS_KEY, and prefers the variable once set', async () => {
    const first = await serverSealer(database.db, undefined);
    const second = await serverSealer(database.db, undefined);
    const sealed = first.seal('sk-live-123', PURPOSE);
    expect(second.open(sealed, PURPOSE)).toBe('sk-live-123');
    expect(await readServerSecret(database.db, DATABASE_SEALING_KEY)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const environmentKey = randomBytes(32);
    const withVariable = await serverSealer(database.db, environmentKey);
    // What the database's key sealed still opens; what is sealed now needs the variable's key.
    expect(withVariable.open(sealed, PURPOSE)).toBe('sk-live-123');
    const sealedNow = withVariable.seal('sk-new', PURPOSE);
    expect(sealerWithKeys([environmentKey]).open(sealedNow, PURPOSE)).toBe('sk-new');
    expect(() => first.open(sealedNow, PURPOSE)).toThrow(SealedSecretError);
  });
});
