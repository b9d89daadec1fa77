import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import { StartUpError } from '../start-up-error.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openEmptyDatabase } from './drift/empty-database.ts';
import { hasExtension, migrate } from './migrate.ts';
import { allMigrations } from './migrations/all-migrations.ts';
import { sqlRows } from './sql-rows.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('migrations', () => {
  it('seed the role capabilities of the contract', async () => {
    const rows = await sqlRows<{ role: 'admin' | 'viewer'; capability: string }>(testApp.db, sql`SELECT role, capability FROM role_capabilities`);
    for (const role of ['admin', 'viewer'] as const) {
      expect(new Set(rows.filter((row) => row.role === role).map((row) => row.capability))).toEqual(new Set(DEFAULT_ROLE_CAPABILITIES[role]));
    }
  });

  it('run again as a no-op', async () => {
    const messages: string[] = [];
    await migrate(testApp.database, { info: (message) => messages.push(message), warn: (message) => messages.push(message) });
    expect(messages.filter((message) => message.startsWith('Applied'))).toEqual([]);
  });

  it('recount the statistics of an existing database into the quarter rollup and running totals (1200)', async () => {
    const database = await openEmptyDatabase();
    try {
      const quiet = { info: () => undefined, warn: () => undefined };
      const last = allMigrations.findIndex((migration) => migration.name === '1200-statistics-totals');
      await migrate(database, quiet, allMigrations.slice(0, last));
      // A session whose start moved back within its hour: counted in the quarter of 10:40 before 1200.
      await database.execScript(`
        INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES ('moved', '2026-11-20T10:05:00Z', '2026-11-20T10:40:00Z', 2);
        INSERT INTO history (session_id, user_message, api_response, time) VALUES ('moved', 'q', 'a', '2026-11-20T10:05:00Z'), ('moved', 'q', 'a', '2026-11-20T10:40:00Z');
        INSERT INTO statistics_rollup_quarter (quarter, sessions, questions) VALUES ('2026-11-20T10:00:00Z', 0, 1), ('2026-11-20T10:30:00Z', 1, 1);`);
      await migrate(database, quiet);
      const counts = async (table: string, key: string) =>
        (await database.query<{ at: string; sessions: number; questions: number }>(
          `SELECT to_char(${key} AT TIME ZONE 'UTC', 'HH24:MI') AS at, sessions, questions FROM ${table} ORDER BY ${key}`,
        )).map((row) => ({ ...row, sessions: Number(row.sessions), questions: Number(row.questions) }));
      expect(await counts('statistics_rollup_quarter', 'quarter')).toEqual([
        { at: '10:00', sessions: 1, questions: 1 },
        { at: '10:30', sessions: 0, questions: 1 },
      ]);
      expect(await counts('statistics_totals', 'upto')).toEqual([
        { at: '10:15', sessions: 1, questions: 1 },
        { at: '10:45', sessions: 1, questions: 2 },
      ]);
      expect(await database.query(`SELECT to_regclass('statistics_rollup_daily') AS gone`)).toEqual([{ gone: null }]);
    } finally {
      await database.close();
    }
  });

  it.each([
    { model: 'universal-sentence-encoder-lite', queued: true },
    { model: 'text-embedding-3-small', queued: false },
  ])('move each chunk\'s vector to its first window, and queue the rest of a $model store\'s chunks: $queued (2100, 2101)', async ({ model, queued }) => {
    const database = await openEmptyDatabase();
    try {
      const quiet = { info: () => undefined, warn: () => undefined };
      await migrate(database, quiet, allMigrations.slice(0, allMigrations.findIndex((migration) => migration.name === '2100-knowledge-chunk-windows')));
      const vectors = await hasExtension(database, 'vector');
      if (vectors) {
        await database.execScript(`
          INSERT INTO documents (id, file_id, filename, title, source_url, uploaded_by) OVERRIDING SYSTEM VALUE
            VALUES (7, 'f7', 'a.txt', 'A', 'https://shop.example.com/a', 'Test'), (8, 'f8', 'b.txt', 'B', 'https://shop.example.com/b', 'Test');
          INSERT INTO knowledge_chunks (document_id, chunk_index, page, content, embedding)
            VALUES (7, 0, 1, 'first', '[1,0,0]'), (7, 1, 1, 'second', '[0,1,0]'), (8, 0, 1, 'third', '[0,0,1]'), (8, 1, 1, 'not embedded', NULL);
          INSERT INTO knowledge_store (id, embedding_model, embedding_dimensions) VALUES (1, '${model}', 3);`);
      }
      await migrate(database, quiet);
      const windowColumns = await database.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'knowledge_chunk_windows' ORDER BY ordinal_position`,
      );
      // Without pgvector (the PostgreSQL test server) 2101 waits for the extension: the windows hold no vectors. 3390 adds the generation.
      expect(windowColumns.map((row) => row.column_name)).toEqual(vectors ? ['chunk_id', 'window_index', 'embedding', 'generation'] : ['chunk_id', 'window_index', 'generation']);
      if (!vectors) return;
      expect(await database.query(`
        SELECT c.content, w.generation, w.window_index, w.embedding::text FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id ORDER BY c.content`)).toEqual([
        { content: 'first', generation: 1, window_index: 0, embedding: '[1,0,0]' },
        { content: 'second', generation: 1, window_index: 0, embedding: '[0,1,0]' },
        { content: 'third', generation: 1, window_index: 0, embedding: '[0,0,1]' },
      ]);
      expect(await database.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'knowledge_chunks' AND column_name = 'embedding'`)).toEqual([]);
      const jobs = await database.query<{ queue: string; payload: unknown }>(`SELECT queue, payload FROM jobs ORDER BY payload->>'documentId'`);
      expect(jobs).toEqual(queued ? [{ queue: 'knowledge-windows', payload: { documentId: 7 } }, { queue: 'knowledge-windows', payload: { documentId: 8 } }] : []);
    } finally {
      await database.close();
    }
  });

  it('keeps a window\'s vector in its row, rewriting those stored out of line, and drops the HNSW index for start-up to make again (2301)', async () => {
    const database = await openEmptyDatabase();
    try {
      const quiet = { info: () => undefined, warn: () => undefined };
      if (!(await hasExtension(database, 'vector'))) return;
      await migrate(database, quiet, allMigrations.slice(0, allMigrations.findIndex((migration) => migration.name === '2301-knowledge-window-vectors-inline')));
      const vector = `[${Array.from({ length: 512 }, (_, index) => ((index % 7) / 7).toFixed(3)).join(',')}]`;
      await database.execScript(`
        INSERT INTO documents (id, file_id, filename, title, source_url, uploaded_by) OVERRIDING SYSTEM VALUE VALUES (7, 'f7', 'a.txt', 'A', 'https://shop.example.com/a', 'Test');
        INSERT INTO knowledge_chunks (id, document_id, chunk_index, page, content) OVERRIDING SYSTEM VALUE VALUES (70, 7, 0, 1, 'first');
        INSERT INTO knowledge_chunk_windows (chunk_id, window_index, embedding) VALUES (70, 0, '${vector}');
        CREATE INDEX knowledge_chunk_windows_embedding_512_idx ON knowledge_chunk_windows USING hnsw ((embedding::vector(512)) vector_cosine_ops);`);
      const outOfLine = `SELECT pg_column_toast_chunk_id(embedding) IS NOT NULL AS out_of_line, embedding::text AS embedding FROM knowledge_chunk_windows`;
      const [before] = await database.query<{ out_of_line: boolean; embedding: string }>(outOfLine);
      expect(before?.out_of_line).toBe(true);
      await migrate(database, quiet);
      expect(await database.query(outOfLine)).toEqual([{ out_of_line: false, embedding: before?.embedding }]);
      expect(await database.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'knowledge_chunk_windows' AND indexname LIKE '%embedding%'`)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('read "C++" in the chunks a store already holds as a name of its own, and count its word (3870)', async () => {
    const database = await openEmptyDatabase();
    try {
      const quiet = { info: () => undefined, warn: () => undefined };
      await migrate(database, quiet, allMigrations.slice(0, allMigrations.findIndex((migration) => migration.name === '3870-symbol-names')));
      await database.execScript(`
        INSERT INTO documents (id, file_id, filename, title, source_url, uploaded_by) OVERRIDING SYSTEM VALUE VALUES (7, 'f7', 'a.txt', 'A', 'https://shop.example.com/a', 'Test');
        INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES
          (7, 0, 1, 'C/C++ headers', 'Headers are found by the compiler.'), (7, 1, 1, NULL, 'Build C# projects with dotnet.'), (7, 2, 1, NULL, 'A loop counts with i++.');`);
      const terms = `SELECT term, chunks FROM knowledge_terms WHERE term IN ('c', 'cplusplus', 'csharp', 'iplusplus') ORDER BY term`;
      expect(await database.query(terms)).toEqual([{ term: 'c', chunks: 2 }]);
      await migrate(database, quiet);
      expect(await database.query(terms)).toEqual([
        { term: 'c', chunks: 2 },
        { term: 'cplusplus', chunks: 1 },
        { term: 'csharp', chunks: 1 },
      ]);
      const [totals] = await database.query<{ chunks: number; lexemes: number }>(`SELECT chunks::int AS chunks, lexemes::int AS lexemes FROM knowledge_totals WHERE id = 1`);
      const [counted] = await database.query<{ lexemes: number }>(`SELECT sum(length(search_vector))::int AS lexemes FROM knowledge_chunks`);
      expect(totals).toEqual({ chunks: 3, lexemes: counted?.lexemes });
    } finally {
      await database.close();
    }
  });

  it('refuse a database a newer version upgraded, naming the migrations this version does not know, and apply nothing', async () => {
    const database = await openEmptyDatabase();
    try {
      const quiet = { info: () => undefined, warn: () => undefined };
      await migrate(database, quiet);
      const applied = await database.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      // This version has the first two migrations; the database was upgraded by one that has them all.
      const older = allMigrations.slice(0, 2);
      // Those the database holds: on a server without pgvector, the vector migration was skipped.
      const unknown = applied.map((row) => row.name).filter((name) => !older.some((migration) => migration.name === name));
      expect(unknown.length).toBeGreaterThan(2);
      await expect(migrate(database, quiet, older)).rejects.toThrow(
        new StartUpError(
          `this database was upgraded by a newer version of Steward: it holds migrations ${unknown.join(', ')}, which this version does not know. ` +
            'Start the newer version, or restore the backup taken before the upgrade.',
        ),
      );
      // One unknown migration is named in the singular; a migration this version has but the database lacks is not applied.
      await database.execScript(`DELETE FROM schema_migrations WHERE name = '${allMigrations[1]?.name ?? ''}'`);
      await database.execScript(`DELETE FROM schema_migrations WHERE name <> '${allMigrations[0]?.name ?? ''}' AND name <> '${unknown[0] ?? ''}'`);
      await expect(migrate(database, quiet, older)).rejects.toThrow(`it holds migration ${unknown[0] ?? ''}, which this version does not know`);
      expect(await database.query('SELECT name FROM schema_migrations ORDER BY name')).toEqual(
        applied.filter((row) => row.name === allMigrations[0]?.name || row.name === unknown[0]),
      );
    } finally {
      await database.close();
    }
  });
});
