import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { mentionsAddress, wholeAddressPattern } from './email-mentions.ts';

const CASES: [string, boolean][] = [
  ['ann@example.com', true],
  ['Write to Ann@Example.COM.', true],
  ['<ann@example.com>', true],
  ['Email: ann@example.com\nMessage:', true],
  ['joann@example.com', false],
  ['more-ann@example.com', false],
  ['ann.b@example.com', false],
  ['ann@example.com.au', false],
  ['ann@example.community', false],
  ['annXexample.com', false],
];

describe('mentionsAddress', () => {
  it.each(CASES)('finds ann@example.com whole in %j: %s', (text, found) => {
    expect(mentionsAddress(text, ['ann@example.com'])).toBe(found);
  });

  it('finds any of several addresses, and nothing for none', () => {
    expect(mentionsAddress('from bob+shop@example.org', ['ann@example.com', 'bob+shop@example.org'])).toBe(true);
    expect(mentionsAddress('bob@example.org', ['bob+shop@example.org'])).toBe(false);
    expect(mentionsAddress('ann@example.com', [])).toBe(false);
  });
});

describe('wholeAddressPattern in the database (~*)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('matches as JavaScript does', async () => {
    const pattern = wholeAddressPattern(['ann@example.com']);
    for (const [text, found] of CASES) {
      const [row] = await sqlRows<{ found: boolean }>(database.db, sql`SELECT ${text} ~* ${pattern} AS found`);
      expect(row?.found, text).toBe(found);
    }
  });
});
