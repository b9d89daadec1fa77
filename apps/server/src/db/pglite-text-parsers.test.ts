import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { TEXT_TYPE_PARSERS, withoutRedundantParsers } from './pglite-text-parsers.ts';
import { rateLimits } from './schema.ts';
import { sqlRows } from './sql-rows.ts';

describe('withoutRedundantParsers', () => {
  it('drops per-query parsers the database already applies, keeping the other options', () => {
    expect(withoutRedundantParsers({ rowMode: 'array', parsers: { ...TEXT_TYPE_PARSERS } })).toEqual({ rowMode: 'array' });
  });

  it('keeps parsers of any other type, and options without parsers, as they are', () => {
    const custom = { rowMode: 'object' as const, parsers: { 1184: (value: string) => value, 16: (value: string) => value === 't' } };
    expect(withoutRedundantParsers(custom)).toBe(custom);
    expect(withoutRedundantParsers({ rowMode: 'array' })).toEqual({ rowMode: 'array' });
    expect(withoutRedundantParsers(undefined)).toBeUndefined();
  });
});

describe('the embedded database with its parsers set once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => database.close());

  const TIMES = sql`SELECT '2026-11-23 10:00:00+00'::timestamptz AS at, '2026-11-23'::date AS day, interval '90 minutes' AS span,
    ARRAY['2026-11-23 10:00:00+00'::timestamptz] AS ats, 42::int AS answer, true AS yes`;

  it('answers dates, times and intervals as text through Drizzle, other types parsed', async () => {
    const [row] = await sqlRows<Record<string, unknown>>(database.db, TIMES);
    expect(row).toEqual({ at: '2026-11-23 10:00:00+00', day: '2026-11-23', span: '01:30:00', ats: '{"2026-11-23 10:00:00+00"}', answer: 42, yes: true });
  });

  it('does the same inside a Drizzle transaction and through the raw query', async () => {
    const [inTransaction] = await database.db.transaction((tx) => sqlRows<{ at: unknown }>(tx, TIMES));
    expect(inTransaction?.at).toBe('2026-11-23 10:00:00+00');
    const [raw] = await database.query<{ at: unknown }>("SELECT '2026-11-23 10:00:00+00'::timestamptz AS at");
    expect(raw?.at).toBe('2026-11-23 10:00:00+00');
  });

  it('maps typed Drizzle selects as before: a timestamptz column of the schema becomes a Date', async () => {
    const { migrate } = await import('./migrate.ts');
    await migrate(database, { info: () => undefined, warn: () => undefined });
    await database.db.insert(rateLimits).values({ key: 'probe', windowStartedAt: new Date('2026-11-23T10:00:00Z'), hits: 1 });
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'probe'));
    expect(row?.windowStartedAt).toEqual(new Date('2026-11-23T10:00:00Z'));
  });

  it('starts each query on a turn of the event loop of its own, so waiting work runs between queries', async () => {
    const order: string[] = [];
    await sqlRows(database.db, sql`SELECT 0`);
    setImmediate(() => order.push('other work'));
    for (const step of [1, 2]) {
      await sqlRows(database.db, sql`SELECT ${step}::int`);
      order.push(`query ${step}`);
    }
    expect(order).toEqual(['query 1', 'other work', 'query 2']);
  });

  it('answers queries asked all at once, each once, in the order asked', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map(async (step) => {
      const [row] = await sqlRows<{ step: number }>(database.db, sql`SELECT ${step}::int AS step`);
      order.push(row?.step ?? 0);
    }));
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('runs a transaction\'s queries while other queries wait for it', async () => {
    const inTransaction = database.db.transaction(async (tx) => {
      await sqlRows(tx, sql`SELECT 1`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return sqlRows<{ answer: number }>(tx, sql`SELECT 2::int AS answer`);
    });
    const outside = sqlRows<{ answer: number }>(database.db, sql`SELECT 3::int AS answer`);
    expect((await inTransaction)[0]?.answer).toBe(2);
    expect((await outside)[0]?.answer).toBe(3);
  });
});
