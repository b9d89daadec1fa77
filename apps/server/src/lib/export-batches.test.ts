import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { helpRequestExportBatches } from '../modules/help-requests/help-requests.repository.ts';
import { historyExportBatches } from '../modules/history/history.repository.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { EXPORT_BATCH_BYTES, EXPORT_BATCH_ROWS } from './list-filter-sql.ts';

/**
 * Issue 52: an export's batches are bounded by bytes as well as rows, so an export of the bot's largest answers
 * holds a few megabytes at a time, not 500 of them at once (836 → 2,008 MB in the outside probe's export).
 */
let database: Database;
const MB = 1024 * 1024;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** History's filters with only the site set (the rows of one test). */
const onSite = (origin: string) => ({ tz: 0, origin, coverage_gaps: undefined, help_request: undefined });

const batchSizes = async <Row>(batches: AsyncIterable<Row[]>): Promise<number[]> => {
  const sizes: number[] = [];
  for await (const batch of batches) sizes.push(batch.length);
  return sizes;
};

describe('an export of large answers', () => {
  it('reads them in batches of at most EXPORT_BATCH_BYTES, then grows back towards EXPORT_BATCH_ROWS for small rows', async () => {
    // 1 MB since the security check's probe (150 answers of 600 kB): with 4 MB the server's RSS rose 99–106 MB
    // while exporting them (bound 100 MB), with 2 MB 47–83 MB, with 1 MB 17–29 MB.
    expect(EXPORT_BATCH_BYTES).toBe(1 * MB);
    // Newest first: three answers of 400 kB, then ten small exchanges.
    await database.db.execute(sql`INSERT INTO history (session_id, user_message, api_response, origin, time)
      SELECT 'large-' || n, 'q' || n, repeat('x', ${400 * 1024}), 'https://large.example/page', to_timestamp(1924992000 + 100 - n)
      FROM generate_series(1, 3) n`);
    await database.db.execute(sql`INSERT INTO history (session_id, user_message, api_response, origin, time)
      SELECT 'small-' || n, 'q' || n, '<p>a</p>', 'https://large.example/page', to_timestamp(1924992000 - n)
      FROM generate_series(1, 10) n`);
    const batches: string[][] = [];
    for await (const batch of historyExportBatches(database.db, onSite('https://large.example'))) batches.push(batch.map((row) => row.sessionId));
    // Two answers of 400 kB fit in 1 MB, the third does not; the next batch weighs twice the last one's rows.
    expect(batches.map((batch) => batch.length)).toEqual([2, 4, 7]);
    expect(batches.flat()).toEqual(['large-1', 'large-2', 'large-3', ...Array.from({ length: 10 }, (_, index) => `small-${index + 1}`)]);
  });

  it('reads a row larger than the budget alone', async () => {
    await database.db.execute(sql`INSERT INTO help_requests (name, email, message, origin_url, time)
      SELECT 'Visitor ' || n, 'v' || n || '@example.com', repeat('y', ${5 * MB}), 'https://huge.example/help', to_timestamp(1924992000 + n)
      FROM generate_series(1, 2) n`);
    expect(await batchSizes(helpRequestExportBatches(database.db, '', { tz: 0, origin: 'https://huge.example' }))).toEqual([1, 1]);
  });

  it('reads small rows EXPORT_BATCH_ROWS at a time', async () => {
    await database.db.execute(sql`INSERT INTO history (session_id, user_message, api_response, origin, time)
      SELECT 's' || n, 'q' || n, 'a', 'https://small.example/page', to_timestamp(1824992000 + n) FROM generate_series(1, 1203) n`);
    expect(await batchSizes(historyExportBatches(database.db, onSite('https://small.example')))).toEqual([EXPORT_BATCH_ROWS, EXPORT_BATCH_ROWS, 203]);
  });
});
