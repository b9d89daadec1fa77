import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findSessionUser } from '../modules/auth/sessions.repository.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { type CachedQuery, callsPlanKeptFunction, createStatementCache } from './pglite-statement-cache.ts';
import { sqlRows } from './sql-rows.ts';

describe('createStatementCache', () => {
  let client: PGlite;
  let cached: CachedQuery;
  beforeEach(async () => {
    client = await PGlite.create();
    cached = createStatementCache(client, { most: 3, prepares: (text) => /^\s*(select|insert|update)\b/i.test(text) });
    await client.exec(`CREATE TABLE things (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL UNIQUE,
      made timestamptz, size bigint, tags text[], extra jsonb, ok boolean)`);
  });
  afterEach(() => client.close());

  const preparedNames = async () =>
    (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row) => row.name);

  it("answers what PGlite's query answers, for every kind of value, each time it runs", async () => {
    const insert = 'INSERT INTO things (name, made, size, tags, extra, ok) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *';
    const params = ['kettle', new Date('2026-11-25T10:00:00Z'), 9007199254740993n, ['a', 'b,c'], { deep: [1, 'x'] }, true];
    const first = await cached(insert, params);
    expect(first.rows).toEqual([(await client.query('SELECT * FROM things')).rows[0]]);
    expect(first.affectedRows).toBe(1);

    const select = 'SELECT id, name, made, size, tags, extra, ok FROM things WHERE name = $1 OR $2::int IS NULL';
    for (const rowMode of ['object', 'array'] as const) {
      for (let run = 0; run < 2; run++) {
        const ours = await cached(select, ['kettle', null], { rowMode });
        const theirs = await client.query(select, ['kettle', null], { rowMode });
        expect(ours.rows).toEqual(theirs.rows);
        expect(ours.fields).toEqual(theirs.fields);
      }
    }
    const update = await cached('UPDATE things SET ok = $1 WHERE id > $2', [false, 0]);
    expect(update.affectedRows).toBe(1);
    expect((await cached('SELECT ok FROM things', [])).rows).toEqual([{ ok: false }]);
  });

  it('prepares a statement once and then only binds it', async () => {
    for (let run = 0; run < 5; run++) await cached('SELECT count(*) AS n FROM things WHERE id > $1', [run]);
    expect(await preparedNames()).toEqual(['steward_s1']);
  });

  it('keeps at most its number of statements, closing the least recently used', async () => {
    await cached('SELECT 1 AS one', []);
    await cached('SELECT 2 AS two', []);
    await cached('SELECT 3 AS three', []);
    await cached('SELECT 1 AS one', []);
    await cached('SELECT 4 AS four', []);
    expect(await preparedNames()).toEqual(['steward_s1', 'steward_s3', 'steward_s4']);
    expect((await cached('SELECT 2 AS two', [])).rows).toEqual([{ two: 2 }]);
  });

  it("throws the database's error with its code and statement, and the next query runs", async () => {
    await cached('INSERT INTO things (name) VALUES ($1)', ['kettle']);
    const failure = await cached('INSERT INTO things (name) VALUES ($1)', ['kettle']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: 'INSERT INTO things (name) VALUES ($1)', params: ['kettle'] });
    await expect(cached('SELEKT 1', [])).rejects.toMatchObject({ code: '42601' });
    expect((await cached('SELECT count(*)::int AS n FROM things', [])).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when its result type changed under it', async () => {
    await cached('INSERT INTO things (name) VALUES ($1)', ['kettle']);
    await cached('SELECT * FROM things', []);
    await client.exec('ALTER TABLE things ADD COLUMN colour text');
    const answer = await cached('SELECT * FROM things', []);
    expect(answer.rows[0]).toMatchObject({ name: 'kettle', colour: null });
    // The insert (s1) still holds; the stale select (s2) was closed.
    expect(await preparedNames()).toEqual(['steward_s1', 'steward_s3']);
  });

  it("waits for a transaction of the client's to end, as PGlite's query does", async () => {
    let insideTransaction!: () => void;
    const inside = new Promise<void>((resolve) => (insideTransaction = resolve));
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('inside')");
      insideTransaction();
      await finishing;
      await tx.query('ROLLBACK');
    });
    await inside;
    const read = cached('SELECT count(*)::int AS n FROM things', []);
    finish();
    await transaction;
    expect((await read).rows).toEqual([{ n: 0 }]);
  });

  it('leaves the statements it does not prepare to PGlite', async () => {
    await cached('VACUUM things', []);
    await cached('DELETE FROM things WHERE id = $1', [1]);
    expect(await preparedNames()).toEqual([]);
  });

  it('prepares, by default, only the calls of the functions that keep their own plans', () => {
    expect(callsPlanKeptFunction('SELECT * FROM steward_session_user($1)')).toBe(true);
    expect(callsPlanKeptFunction('\n      SELECT total_count, newer, page FROM "steward_feedback_page"(\n $1')).toBe(true);
    expect(callsPlanKeptFunction('SELECT steward_history_hits(q, $2) AS history FROM to_tsquery($1) q')).toBe(true);
    expect(callsPlanKeptFunction('SELECT steward_user_account_hits(ARRAY[steward_fold($1)], $2::int) AS accounts')).toBe(true);
    expect(callsPlanKeptFunction('SELECT *, NULL AS first FROM steward_statistics_totals_before($1::timestamptz[], $2, $3)')).toBe(true);
    expect(callsPlanKeptFunction('SELECT steward_personal_data_masking() AS masked')).toBe(true);
    expect(callsPlanKeptFunction('SELECT id FROM users WHERE steward_fold(name) LIKE $1')).toBe(false);
    expect(callsPlanKeptFunction('SELECT steward_count_statistics($1, 1, 0, 0, 0)')).toBe(false);
    expect(callsPlanKeptFunction('SELECT id FROM knowledge_chunks WHERE search @@ to_tsquery($1)')).toBe(false);
  });
});

describe('the embedded database as the server opens it', () => {
  it('prepares the session lookup once, and plans an ordinary statement for its values each time', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrate(database, { info: () => undefined, warn: () => undefined });
      const unknownSession = 'A'.repeat(43);
      for (let run = 0; run < 3; run++) expect(await findSessionUser(database.db, unknownSession)).toBeUndefined();
      await sqlRows(database.db, sql`SELECT count(*) FROM users WHERE email = ${'someone@example.com'}`);
      const prepared = await database.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(prepared.map((row) => row.statement)).toEqual([expect.stringContaining('steward_session_user(')]);
    } finally {
      await database.close();
    }
  });
});
