import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { parseTsvector } from './tsvector-text.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('parseTsvector', () => {
  it('reads back what PostgreSQL writes: positions, weights (D unwritten), quotes and backslashes in lexemes, none at all', async () => {
    const texts = await sqlRows<{ weighted: string; quoted: string; bare: string }>(database.db, sql.raw(String.raw`
      SELECT (setweight(to_tsvector('simple', 'Descale it'), 'A') || to_tsvector('simple', 'the descaler'))::text AS weighted,
        $$'it''s':2 'back\\slash':4B$$::tsvector::text AS quoted, $$'bare'$$::tsvector::text AS bare`));
    const [row] = texts;
    expect(parseTsvector(row?.weighted ?? '')).toEqual([
      { lexeme: 'descale', positions: [1], weights: ['A'] },
      { lexeme: 'descaler', positions: [4], weights: ['D'] },
      { lexeme: 'it', positions: [2], weights: ['A'] },
      { lexeme: 'the', positions: [3], weights: ['D'] },
    ]);
    expect(parseTsvector(row?.quoted ?? '')).toEqual([
      { lexeme: 'back\\slash', positions: [4], weights: ['B'] },
      { lexeme: "it's", positions: [2], weights: ['D'] },
    ]);
    expect(parseTsvector(row?.bare ?? '')).toEqual([{ lexeme: 'bare', positions: [], weights: [] }]);
  });
});
