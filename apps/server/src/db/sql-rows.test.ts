import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { jobs } from './schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from './sql-rows.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('SqlRow', () => {
  it('keys a row by column name, typed as raw SQL answers it', () => {
    expectTypeOf<Pick<SqlRow<typeof jobs>, 'id' | 'max_attempts' | 'payload' | 'status' | 'run_at' | 'locked_until'>>().toEqualTypeOf<{
      id: SqlBigint;
      max_attempts: number;
      payload: Record<string, unknown>;
      status: 'queued' | 'running' | 'done' | 'failed';
      run_at: string;
      locked_until: string | null;
    }>();
  });

  it('says what the driver answers', async () => {
    await database.db.insert(jobs).values({ queue: 'sql-row-test', payload: { page: 1 } });
    const [row] = await sqlRows<SqlRow<typeof jobs>>(database.db, sql`SELECT * FROM jobs WHERE queue = 'sql-row-test'`);
    expect(['number', 'string']).toContain(typeof row?.id);
    expect(typeof row?.max_attempts).toBe('number');
    expect(row?.payload).toEqual({ page: 1 });
    expect(row?.status).toBe('queued');
    expect(typeof row?.run_at).toBe('string');
    expect(row?.locked_until).toBeNull();
  });
});
