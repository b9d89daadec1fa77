import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { flushSearchIndexQueues, tablesDueForUpkeep, upkeepEmbeddedDatabase } from './embedded-upkeep.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const addHistory = (rows: number, tag: string) =>
  testApp.db.execute(sql`INSERT INTO history (session_id, user_message, api_response)
    SELECT ${tag} || n, 'A question about the kettle number ' || n, repeat('An answer long enough to fill pages. ', 20) FROM generate_series(1, ${rows}) n`);

// VACUUM and ANALYZE behave the same on a PostgreSQL server; only its autovacuum may beat the test to them.
describe('embedded database upkeep', () => {
  it('vacuums and analyses a table with rows never analysed, then leaves it until it has grown by a fifth', async () => {
    await addHistory(400, 'upkeep-a-');
    expect(await tablesDueForUpkeep(testApp.db)).toContain('history');

    expect((await upkeepEmbeddedDatabase(testApp.db)).tables).toContain('history');
    expect(await tablesDueForUpkeep(testApp.db)).toEqual([]);
    const statistics = await testApp.db.execute(sql`SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'history'`);
    expect((statistics as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);

    await addHistory(20, 'upkeep-b-');
    expect(await tablesDueForUpkeep(testApp.db)).toEqual([]);
    const upkeep = await upkeepEmbeddedDatabase(testApp.db);
    expect(upkeep.tables).toEqual([]);
    // The 20 rows' search entries were pending; the upkeep moved them into the index although it vacuumed nothing.
    expect(upkeep.searchIndexes.map((flushed) => flushed.index)).toContain('history_search_idx');
    expect(await flushSearchIndexQueues(testApp.db)).toEqual([]);

    await addHistory(400, 'upkeep-c-');
    expect(await tablesDueForUpkeep(testApp.db)).toEqual(['history']);
  });
});
