import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { createOpenAiEmbedder } from '../ingest/embedders/embedder-openai.ts';
import type { EmbedderChoice } from '../modules/knowledge/embedder-choice.ts';
import { REINDEX_BATCH_CHUNKS } from '../modules/knowledge/knowledge-reindex-job.ts';
import { searchKnowledge } from '../modules/knowledge/knowledge-search.ts';
import { createKnowledgeStore } from '../modules/knowledge/knowledge-store.ts';
import { recordModel } from '../modules/knowledge/knowledge-vectors.ts';
import { replaceChunks, writeChunkWindows } from '../modules/knowledge/knowledge.repository.ts';
import { insertDocument } from '../test/document-upload.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../test/fake-llm-server.ts';
import { onPostgres } from '../test/test-database.ts';
import { reindexKnowledge } from './reindex-knowledge.ts';

const log = pino({ level: 'silent' });
const MODEL = 'test-embed-model';
const PASSAGES = 80;

let embeddings: FakeLlmServer;
let dataDir: string;
let database: Database | undefined;
let child: ChildProcess | undefined;

const openStore = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const environment = (): EmbedderChoice => ({ kind: 'api', base_url: embeddings.baseUrl, model: MODEL, sealed_key: null });
/** The texts of each embeddings request, in the order received. */
const requests = () => embeddings.received.filter((request) => request.url === '/v1/embeddings').map((request) => (request.body as { input: string[] }).input);

/** Waits for a state (no fixed sleep): `check` is asked again every 50 ms until it holds. */
async function until(what: string, check: () => boolean): Promise<void> {
  while (!check()) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`npm run reindex ended (${child.exitCode}) before ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  embeddings = await startFakeLlmServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-reindex-kill-'));
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await database?.close();
  await embeddings.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(onPostgres())('npm run reindex killed mid-batch (pgvector, the embedded database on disk)', () => {
  it('goes on from what was written: every passage vectorised exactly once in the new generation, which then answers', async () => {
    // An embedded database on disk with the passages' vectors of generation 1, made by the embeddings API.
    const setUp = await openStore();
    await migrate(setUp, { info: () => undefined, warn: () => undefined });
    await recordModel(setUp.db, { model: MODEL, dimensions: 4, embedder: environment() });
    const documentId = await insertDocument(setUp.db, 'Fillers');
    const texts = Array.from({ length: PASSAGES }, (_, index) => `Filler passage number ${index} about teacups.`);
    const chunks = texts.map((text, index) => ({ index, page: null, pageEnd: null, heading: null, text, startsSection: true, windowEmbeddings: [[1, 0.5, 0.5, -0.25]] }));
    await writeChunkWindows(setUp.db, await setUp.db.transaction((tx) => replaceChunks(tx, { documentId }, chunks, 1)));
    await setUp.close();

    // The command, in a process of its own: the API answers its first batch, then never answers the second, and
    // the process is killed (SIGKILL) while it waits for it.
    embeddings.behave({ kind: 'hang-after', answered: 1 });
    let stdout = '';
    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'reindex.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, EMBEDDINGS_BASE_URL: embeddings.baseUrl, EMBEDDINGS_MODEL: MODEL, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (data: Buffer) => (stdout += data.toString('utf8')));
    await until('its first batch was written', () => stdout.includes(`Embedded ${REINDEX_BATCH_CHUNKS} of ${PASSAGES} passages for generation 2.`));
    await until('it sent its second batch', () => requests().length === 2);
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    database = await openStore();
    const { db } = database;
    const windows = () =>
      sqlRows<{ generation: number; chunks: number; windows: number }>(db, sql`
        SELECT generation, count(DISTINCT chunk_id)::int AS chunks, count(*)::int AS windows FROM knowledge_chunk_windows GROUP BY generation ORDER BY generation`);
    // What was written stays: the first batch in the generation being built; generation 1 answers still.
    expect(await windows()).toEqual([
      { generation: 1, chunks: PASSAGES, windows: PASSAGES },
      { generation: 2, chunks: REINDEX_BATCH_CHUNKS, windows: REINDEX_BATCH_CHUNKS },
    ]);
    // The killed process's lease would end within LEASE_SECONDS (the next run follows it until then): ended now.
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE status = 'running'`);

    // Run again (another worker takes the job over): only the passages without vectors of generation 2 are embedded.
    embeddings.behave({ kind: 'stream', pieces: ['Hello.'] });
    const lines: string[] = [];
    const knowledge = createKnowledgeStore(db, createOpenAiEmbedder({ baseUrl: embeddings.baseUrl, model: MODEL, apiKey: undefined }), { environment: environment() });
    await reindexKnowledge(db, knowledge, log, (line) => lines.push(line), { owner: 'the second run' });
    const [first, killed, ...resumed] = requests();
    const question = await knowledge.embedQuery('Filler passage number 7 about teacups.', log);
    expect(question?.generation).toBe(2);
    const [best] = await searchKnowledge(db, { query: 'teacups', k: 1, queryEmbedding: question });
    expect(best?.text).toMatch(/^Filler passage number \d+ about teacups\.$/);
    await knowledge.close();
    expect(lines[0]).toBe('Going on with the rebuild of generation 2, where the last run stopped.');
    expect(lines.at(-1)).toBe(`Generation 2 of ${MODEL} answers now; the previous vectors are deleted.`);

    expect(first).toHaveLength(REINDEX_BATCH_CHUNKS);
    // The second run embeds the killed batch again, and nothing the first run had written.
    expect(resumed.flat().slice(0, killed?.length)).toEqual(killed);
    expect([...(first ?? []), ...resumed.flat()].sort()).toEqual([...texts].sort());
    expect(await windows()).toEqual([{ generation: 2, chunks: PASSAGES, windows: PASSAGES }]);
    expect(await sqlRows(db, sql`SELECT generation, building_generation, building_rechunk FROM knowledge_store`)).toEqual([
      { generation: 2, building_generation: null, building_rechunk: null },
    ]);
    expect(await sqlRows(db, sql`SELECT status, attempts FROM jobs WHERE queue = 'embedder-reindex'`)).toEqual([{ status: 'done', attempts: 2 }]);
  });
});
