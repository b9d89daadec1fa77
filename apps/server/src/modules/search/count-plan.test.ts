import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { BITMAP_ENTRY_IN_ROWS_READ, FIRST_WALK_MOST_ROWS } from './count-plan.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const firstWalkRows = (countCap: number, tableRows: number | null) =>
  sql`steward_first_walk_rows(${countCap}::int, ${tableRows}::float8, ${FIRST_WALK_MOST_ROWS}::int, ${BITMAP_ENTRY_IN_ROWS_READ}::float8)`;

async function firstWalk(countCap: number, tableRows: number | null): Promise<number> {
  const [row] = await sqlRows<{ rows: number }>(database.db, sql`SELECT ${firstWalkRows(countCap, tableRows)}::int AS rows`);
  return row?.rows ?? Number.NaN;
}

/** The fewest matches of the first walk that walk on, as the database decides it (found from 0 to the cap). */
async function leastFoundToWalkOn(countCap: number, tableRows: number | null): Promise<number | undefined> {
  const [row] = await sqlRows<{ least: number | null }>(
    database.db,
    sql`SELECT min(found)::int AS least
        FROM generate_series(0, ${countCap}::int) AS tried(found),
             (SELECT ${firstWalkRows(countCap, tableRows)} AS walked) first_walk
        WHERE steward_walks_on(found, ${countCap}::int, walked, ${tableRows}::float8, ${BITMAP_ENTRY_IN_ROWS_READ}::float8)`,
  );
  return row?.least ?? undefined;
}

describe('steward_first_walk_rows', () => {
  it('reads 1,000 rows in a big table, fewer in a few thousand, none in an empty one', async () => {
    expect(await firstWalk(20, 1_000_000)).toBe(1000);
    expect(await firstWalk(20, 16_000)).toBe(1000);
    expect(await firstWalk(20, 3_278)).toBe(455);
    expect(await firstWalk(1000, 3_278)).toBe(1000);
    expect(await firstWalk(20, 0)).toBe(0);
    expect(await firstWalk(20, null)).toBe(0);
  });
});

describe('steward_walks_on', () => {
  it('walks on at a million rows once the first 1,000 newest rows hold 3 matches (the top bar) or 19 (the results page)', async () => {
    expect(await leastFoundToWalkOn(20, 1_000_000)).toBe(3);
    expect(await leastFoundToWalkOn(1000, 1_000_000)).toBe(19);
  });

  it('asks for more matches in a smaller table, whose index is cheaper, and never walks on where the first walk was shortened', async () => {
    expect(await leastFoundToWalkOn(20, 125_000)).toBe(8);
    expect(await leastFoundToWalkOn(20, 3_000)).toBeUndefined();
  });

  it('never walks on in an empty table, or one without a counter yet', async () => {
    expect(await leastFoundToWalkOn(20, 0)).toBeUndefined();
    expect(await leastFoundToWalkOn(20, null)).toBeUndefined();
  });
});
