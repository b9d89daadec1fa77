import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSession, findSessionUser } from './sessions.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The scans of the session lookup's tables so far in this transaction: end to end, and through an index. */
const scansOf = (tx: Db) =>
  sqlRows<{ relname: string; seq_scan: number | string; idx_scan: number | string }>(
    tx,
    sql`SELECT relname, seq_scan, coalesce(idx_scan, 0) AS idx_scan FROM pg_stat_xact_user_tables
         WHERE relname IN ('sessions', 'users') ORDER BY relname`,
  );

describe('the session lookup', () => {
  it('finds the user behind a session through the indexes, reading neither small table end to end (migration 1900)', async () => {
    const user = await testApp.createUser({ role: 'viewer' });
    const { sessionId } = await createSession(testApp.db, { userId: user.id, ip: '127.0.0.1', userAgent: 'test' });
    // With statistics that say how small the tables are, a plan of its own would read them end to end.
    await testApp.db.execute(sql`ANALYZE sessions, users`);
    const scans = await testApp.db.transaction(async (tx) => {
      const found = await findSessionUser(tx, sessionId);
      expect(found).toMatchObject({ id: user.id, role: 'viewer' });
      return scansOf(tx);
    });
    expect(scans.map((row) => [row.relname, Number(row.seq_scan), Number(row.idx_scan) > 0])).toEqual([
      ['sessions', 0, true],
      ['users', 0, true],
    ]);
  });
});
