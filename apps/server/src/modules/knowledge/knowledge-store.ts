import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withEmbeddingCache } from '../../ingest/embedders/cached-embedder.ts';
import type { Embedder } from '../../ingest/embedders/embedder.ts';
import { embedChunkWindows } from '../../ingest/embedders/embedding-windows.ts';
import { StartUpError } from '../../start-up-error.ts';
import { ensureVectorIndex, hasVectorColumn, readStoredModel, recordModel, type StoredModel } from './knowledge-vectors.ts';

/**
 * What ingestion and retrieval share: the embedder, and whether this database keeps vectors
 * (pgvector) or searches by full text alone.
 */
export interface KnowledgeStore {
  embedder: Embedder;
  /** The same model with a cache, for questions and search results (texts seen again and again). */
  queryEmbedder: Embedder;
  /** Vectors are used once prepare() found pgvector; before, and without it, full text alone. */
  readonly vectorsEnabled: boolean;
  /** At start-up: finds pgvector, refuses a model other than the stored vectors', makes the index. */
  prepare(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void>;
  /**
   * Each chunk's vectors, one per window the model reads whole (embeddingWindows), recording the model
   * with the first vectors stored; undefined without vectors.
   */
  embedChunks(texts: readonly string[]): Promise<Float32Array[][] | undefined>;
  /**
   * The question's embedding, or undefined without vectors. When the embedder fails (a remote model's server
   * down, the built-in model not loaded) it logs a warning and answers undefined: the question is then
   * searched by full text alone rather than not at all.
   */
  embedQuery(text: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<{ vector: Float32Array; dimensions: number } | undefined>;
}

export function createKnowledgeStore(db: Db, embedder: Embedder): KnowledgeStore {
  const queryEmbedder = withEmbeddingCache(embedder);
  let vectorsEnabled = false;
  let model: StoredModel | undefined;

  /**
   * The store's model as the database records it: an instance that has not embedded yet learns it there, so a
   * model another instance recorded (with the first document's vectors) is used by every instance at once.
   */
  const knownModel = async (): Promise<StoredModel | undefined> => {
    if (model) return model;
    const stored = await readStoredModel(db);
    if (stored && stored.model !== embedder.model) throw new Error(modelMismatch(stored.model, embedder.model));
    model = stored;
    return model;
  };

  const adopt = async (dimensions: number): Promise<StoredModel> => {
    if (model) return model;
    model = await recordModel(db, { model: embedder.model, dimensions });
    if (model.model !== embedder.model) throw new Error(modelMismatch(model.model, embedder.model));
    await ensureVectorIndex(db, model.dimensions);
    return model;
  };

  return {
    embedder,
    queryEmbedder,
    get vectorsEnabled() {
      return vectorsEnabled;
    },
    async prepare(log) {
      if (!(await hasVectorColumn(db))) {
        log.warn('pgvector is not available on this database: documents are searched by full text only.');
        return;
      }
      vectorsEnabled = true;
      const stored = await readStoredModel(db);
      if (stored && stored.model !== embedder.model) throw new StartUpError(modelMismatch(stored.model, embedder.model));
      if (stored) {
        model = stored;
        await ensureVectorIndex(db, stored.dimensions);
      } else if (embedder.dimensions !== undefined) {
        await adopt(embedder.dimensions);
      }
      log.info(`Knowledge store: vectors of ${embedder.model} with full-text search, fused by calibrated scores.`);
    },
    async embedChunks(texts) {
      if (!vectorsEnabled || texts.length === 0) return undefined;
      const vectors = await embedChunkWindows(embedder, texts);
      const first = vectors[0]?.[0];
      if (first) await adopt(first.length);
      return vectors;
    },
    async embedQuery(text, log) {
      const known = vectorsEnabled ? await knownModel() : undefined;
      if (!known) return undefined;
      try {
        const [vector] = await queryEmbedder.embed([text]);
        return vector ? { vector, dimensions: known.dimensions } : undefined;
      } catch (error) {
        log.warn({ err: error }, 'The embedder failed on a question: it is searched by full text alone.');
        return undefined;
      }
    },
  };
}

const modelMismatch = (stored: string, configured: string): string =>
  `The knowledge store holds vectors made with "${stored}", but the configured embedding model is "${configured}": ` +
  'set that model again, or stop Steward and run `npm run reindex` to re-embed everything with the new one.';
