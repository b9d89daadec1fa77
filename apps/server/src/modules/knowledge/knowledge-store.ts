import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withEmbeddingCache } from '../../ingest/embedders/cached-embedder.ts';
import type { Embedder } from '../../ingest/embedders/embedder.ts';
import { createOpenAiEmbedder } from '../../ingest/embedders/embedder-openai.ts';
import { createUseLiteEmbedder } from '../../ingest/embedders/embedder-use-lite.ts';
import { type ChunkText, embedChunkWindows } from '../../ingest/embedders/embedding-windows.ts';
import { StartUpError } from '../../start-up-error.ts';
import { type EmbedderChoice, sameEmbedder } from './embedder-choice.ts';

export type { EmbedderChoice } from './embedder-choice.ts';
import { ensureVectorIndex, hasVectorColumn, type KnowledgeState, readKnowledgeState, recordActiveEmbedder, recordModel } from './knowledge-vectors.ts';

/** How long an instance trusts the generation it read: a switch made by another instance is seen within this. */
export const KNOWLEDGE_STATE_TTL_MS = 2000;

/** Where the embedders the Answers card names come from (bot-settings' answer models; none in tools and tests). */
export interface EmbedderSource {
  /** The embedder chosen now: saved on the card, else the environment's. */
  chosen(): Promise<EmbedderChoice>;
  /** An embeddings API's address, model and key opened (the card's key for that server, else the recorded one). */
  access(choice: Extract<EmbedderChoice, { kind: 'api' }>): Promise<{ baseUrl: string; model: string; apiKey: string | undefined }>;
}

/** Vectors of one generation: written into it (writeChunkWindows) only while it answers or is being built. */
export interface EmbeddedChunks {
  generation: number;
  vectors: Float32Array[][];
}

/**
 * What ingestion and retrieval share: the embedders, the generation of vectors that answers, and whether this
 * database keeps vectors (pgvector) or searches by full text alone.
 */
export interface KnowledgeStore {
  /** The embedder the server started with (EMBEDDINGS_*): its tokenizer cuts chunks. */
  embedder: Embedder;
  /**
   * The active generation's embedder with a cache, for questions and search results (texts seen again and again);
   * its model and dimensions are the active generation's as last read (the new model's after a switch).
   */
  queryEmbedder: Embedder;
  /** Vectors are used once prepare() found pgvector; before, and without it, full text alone. */
  readonly vectorsEnabled: boolean;
  /**
   * At start-up: finds pgvector, refuses vectors of a model other than the environment's that no card named,
   * makes the active generation's index, and queues the re-index when the card's embedder is not the active one.
   */
  prepare(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void>;
  /**
   * Each chunk's vectors with the active generation's embedder, one per window the model reads whole
   * (chunkWindows), recording the model with the first vectors stored; undefined without vectors.
   */
  embedChunks(chunks: readonly ChunkText[]): Promise<EmbeddedChunks | undefined>;
  /**
   * The question's embedding with the active generation's embedder, or undefined without vectors. When the embedder
   * fails (a remote model's server down, the built-in model not loaded) it logs a warning and answers undefined:
   * the question is then searched by full text alone rather than not at all.
   */
  embedQuery(text: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<{ vector: Float32Array; dimensions: number; generation: number } | undefined>;
  /** The embedder of a choice (the one being built, say). */
  embedderOf(choice: EmbedderChoice | undefined): Promise<Embedder>;
  /** The store's row, read again at most every KNOWLEDGE_STATE_TTL_MS (`fresh`: now). */
  state(fresh?: boolean): Promise<KnowledgeState | undefined>;
  /** The card's embedder, as start-up and the card see it: the embedder the knowledge is made with (setup) or re-indexed for. */
  chosenEmbedder(): Promise<EmbedderChoice>;
  /** The embedder the environment names (EMBEDDINGS_*), which vectors made before the card named embedders came from. */
  readonly environmentEmbedder: EmbedderChoice;
  /** Closes the embedders made for choices other than the environment's. */
  close(): Promise<void>;
}

export interface KnowledgeStoreOptions {
  /** The choice `embedder` is (default: the built-in). */
  environment?: EmbedderChoice;
  source?: EmbedderSource;
  /** Queues the re-index when the card's embedder is not the active one (knowledge-reindex.ts); called by prepare. */
  onPrepared?: (knowledge: KnowledgeStore, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) => Promise<void>;
}

export function createKnowledgeStore(db: Db, embedder: Embedder, options: KnowledgeStoreOptions = {}): KnowledgeStore {
  const environment: EmbedderChoice = options.environment ?? { kind: 'built_in' };
  const made = new Map<string, { embedder: Embedder; cached: Embedder }>();
  const environmentEntry = { embedder, cached: withEmbeddingCache(embedder) };
  let vectorsEnabled = false;
  let known: { state: KnowledgeState | undefined; at: number } | undefined;

  const entryOf = async (choice: EmbedderChoice | undefined) => {
    if (!choice || sameEmbedder(choice, environment)) return environmentEntry;
    if (choice.kind === 'built_in') {
      const key = 'built_in';
      let entry = made.get(key);
      if (!entry) {
        const builtIn = createUseLiteEmbedder();
        entry = { embedder: builtIn, cached: withEmbeddingCache(builtIn) };
        made.set(key, entry);
      }
      return entry;
    }
    if (!options.source) throw new Error(`No embeddings API is configured here for ${choice.model} at ${choice.base_url}.`);
    const access = await options.source.access(choice);
    const key = JSON.stringify([access.baseUrl, access.model, access.apiKey ?? null]);
    let entry = made.get(key);
    if (!entry) {
      const api = createOpenAiEmbedder(access);
      entry = { embedder: api, cached: withEmbeddingCache(api) };
      made.set(key, entry);
    }
    return entry;
  };

  // No row yet is not kept: the first vectors, which another instance may make, are looked for at every use.
  const state = async (fresh = false): Promise<KnowledgeState | undefined> => {
    if (!fresh && known?.state && Date.now() - known.at < KNOWLEDGE_STATE_TTL_MS) return known.state;
    known = { state: await readKnowledgeState(db), at: Date.now() };
    return known.state;
  };

  const chosenEmbedder = async (): Promise<EmbedderChoice> => (options.source ? options.source.chosen() : environment);

  /**
   * The active generation's embedder, refused when it is not the model the vectors were made with: vectors made
   * before the card named embedders are the environment's, and EMBEDDINGS_* may name another model since.
   */
  const checkModel = (stored: KnowledgeState, active: Embedder) => {
    if (active.model !== stored.model) throw new Error(modelMismatch(stored.model, active.model));
  };

  /** The first vectors: recorded as generation 1, with the chosen embedder, unless another instance got there first. */
  const adopt = async (choice: EmbedderChoice, model: string, dimensions: number): Promise<KnowledgeState> => {
    const stored = await recordModel(db, { model, dimensions, embedder: choice });
    known = { state: stored, at: Date.now() };
    await ensureVectorIndex(db, stored.generation, stored.dimensions);
    return stored;
  };

  /**
   * queryEmbedder: the active generation's embedder as this instance last read the store (at most
   * KNOWLEDGE_STATE_TTL_MS old at each embed), so its name and dimensions are the new model's after a switch.
   */
  const activeEmbedder = (): Embedder => {
    let active = embedder;
    return {
      get model() {
        return known?.state?.model ?? active.model;
      },
      get dimensions() {
        return known?.state?.dimensions ?? active.dimensions;
      },
      get windowTokens() {
        return active.windowTokens;
      },
      countTokens: (text) => active.countTokens(text),
      embed: async (texts, embedOptions) => {
        const entry = await entryOf((await state())?.embedder);
        active = entry.embedder;
        return entry.cached.embed(texts, embedOptions);
      },
      close: async () => undefined,
    };
  };

  const store: KnowledgeStore = {
    embedder,
    queryEmbedder: activeEmbedder(),
    get vectorsEnabled() {
      return vectorsEnabled;
    },
    environmentEmbedder: environment,
    state,
    chosenEmbedder,
    embedderOf: async (choice) => (await entryOf(choice)).embedder,
    async prepare(log) {
      if (!(await hasVectorColumn(db))) {
        log.warn('pgvector is not available on this database: documents are searched by full text only.');
        return;
      }
      vectorsEnabled = true;
      const stored = await state(true);
      if (stored) {
        try {
          checkModel(stored, (await entryOf(stored.embedder)).embedder);
        } catch (error) {
          throw new StartUpError(error instanceof Error ? error.message : String(error));
        }
        if (!stored.embedder) await recordActiveEmbedder(db, environment);
        await ensureVectorIndex(db, stored.generation, stored.dimensions);
      } else {
        const choice = await chosenEmbedder();
        const chosen = (await entryOf(choice)).embedder;
        if (chosen.dimensions !== undefined) await adopt(choice, chosen.model, chosen.dimensions);
      }
      await options.onPrepared?.(store, log);
      log.info(`Knowledge store: vectors of ${(await state(true))?.model ?? embedder.model} with full-text search, fused by calibrated scores.`);
    },
    async embedChunks(chunks) {
      if (!vectorsEnabled || chunks.length === 0) return undefined;
      const stored = await state(true);
      const choice = stored ? stored.embedder : await chosenEmbedder();
      const active = (await entryOf(choice)).embedder;
      if (stored) checkModel(stored, active);
      const vectors = await embedChunkWindows(active, chunks);
      const first = vectors[0]?.[0];
      if (stored) return { generation: stored.generation, vectors };
      if (!first) return undefined;
      const recorded = await adopt(choice ?? environment, active.model, first.length);
      if (recorded.model !== active.model) throw new Error(modelMismatch(recorded.model, active.model));
      return { generation: recorded.generation, vectors };
    },
    async embedQuery(text, log) {
      const stored = vectorsEnabled ? await state() : undefined;
      if (!stored) return undefined;
      let active: Awaited<ReturnType<typeof entryOf>>;
      try {
        active = await entryOf(stored.embedder);
      } catch (error) {
        log.warn({ err: error }, 'The embedder could not be set up for a question: it is searched by full text alone.');
        return undefined;
      }
      checkModel(stored, active.embedder);
      try {
        const [vector] = await active.cached.embed([text]);
        return vector ? { vector, dimensions: stored.dimensions, generation: stored.generation } : undefined;
      } catch (error) {
        log.warn({ err: error }, 'The embedder failed on a question: it is searched by full text alone.');
        return undefined;
      }
    },
    async close() {
      for (const entry of made.values()) await entry.embedder.close();
      made.clear();
    },
  };
  return store;
}

const modelMismatch = (stored: string, configured: string): string =>
  `The knowledge store holds vectors made with "${stored}", but the configured embedding model is "${configured}": ` +
  'set that model again, or stop Steward and run `npm run reindex` to re-embed everything with the new one.';
