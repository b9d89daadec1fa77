import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { onPostgres, openTestDatabase } from '../test/test-database.ts';

describe.runIf(onPostgres())('every connection of the PostgreSQL pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('runs without JIT compilation, which cost a history page ~25 ms at a million rows', async () => {
    // Held open at once, so the pool opens a connection for each.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => database.query<{ jit: string }>('SELECT current_setting($1) AS jit, pg_sleep(0.05)', ['jit'])),
    );
    expect(answers.map((rows) => rows[0]?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
