import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { Embedder } from '../../ingest/embedders/embedder.ts';
import { onPostgres, openTestDatabase } from '../../test/test-database.ts';
import { createKnowledgeStore } from './knowledge-store.ts';

/** A remote model's embedder: its dimensions are known only from its first answer. */
const remoteEmbedder = (model: string): Embedder => ({
  model,
  dimensions: undefined,
  windowTokens: undefined,
  embed: async (texts) => texts.map((text) => Float32Array.from({ length: 8 }, (_, index) => (text.length + index) % 5)),
  countTokens: (text) => text.split(/\s+/).length,
  close: async () => undefined,
});

const log = pino({ level: 'silent' });
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe.skipIf(onPostgres())('the knowledge store on several instances (pgvector)', () => {
  it('an instance that has not embedded yet learns the model another recorded, from the database', async () => {
    await database.db.execute(sql`DELETE FROM knowledge_store`);
    const first = createKnowledgeStore(database.db, remoteEmbedder('remote-model'));
    const second = createKnowledgeStore(database.db, remoteEmbedder('remote-model'));
    await first.prepare(log);
    await second.prepare(log);
    expect(await second.embedQuery('How long is the warranty?', log)).toBeUndefined();

    await first.embedChunks([{ heading: null, text: 'The warranty lasts two years.' }]);
    const question = await second.embedQuery('How long is the warranty?', log);
    expect(question?.dimensions).toBe(8);
    expect(question?.vector).toHaveLength(8);
  });

  it('an instance configured with another model refuses to mix its vectors with the stored ones', async () => {
    await database.db.execute(sql`DELETE FROM knowledge_store`);
    const first = createKnowledgeStore(database.db, remoteEmbedder('remote-model'));
    const other = createKnowledgeStore(database.db, remoteEmbedder('another-model'));
    await first.prepare(log);
    await other.prepare(log);
    await first.embedChunks([{ heading: null, text: 'The warranty lasts two years.' }]);
    await expect(other.embedQuery('How long is the warranty?', log)).rejects.toThrow(/holds vectors made with "remote-model", but the configured embedding model is "another-model"/);
  });
});
