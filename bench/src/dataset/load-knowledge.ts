import { type SQL, sql } from 'drizzle-orm';
import { ensureVectorIndex, hasVectorColumn, recordModel } from '@steward/server/knowledge-internals';
import { type Db, sqlRows } from '@steward/server/test-support';
import { type GeneratedKnowledgeDocument, type KnowledgeOptions, generateKnowledge } from './generate-knowledge.ts';

export interface KnowledgeSummary {
  documents: number;
  chunks: number;
  /** Vectors: a chunk has one per window of its text the model reads whole. */
  windows: number;
  /** Average characters of a chunk's text. */
  averageChars: number;
  /** Writing the rows and rebuilding the full-text index. */
  loadMilliseconds: number;
  /** Building the HNSW index the server would otherwise build at start. */
  vectorIndexMilliseconds: number;
}

export interface LoadKnowledgeOptions extends Omit<KnowledgeOptions, 'dimensions' | 'windowTokens'> {
  /** The server's embedder: knowledge_store must name the model start-up expects, or it refuses to start. */
  embedder: { model: string; dimensions: number; windowTokens: number | undefined };
  /** Who the documents say uploaded them. */
  uploadedBy: string;
  /** Chunks per INSERT (their windows' vectors go as text, ~5 KB each at 512 dimensions). Default 250. */
  batchSize?: number;
  onProgress?: (chunksSoFar: number) => void;
}

/** As migration 0500 makes it: dropped while loading, rebuilt once at the end. */
const SEARCH_INDEX = 'CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search_vector)';

/** Six decimals: far below the differences between neighbours, and a third shorter than a float's full text. */
const vectorText = (vector: Float32Array): string => `[${Array.from(vector, (value) => value.toFixed(6)).join(',')}]`;
const list = (rows: SQL[]): SQL => sql.join(rows, sql`, `);

/**
 * Writes a generated knowledge store straight into a migrated database: completed documents (no
 * originals: nothing reads them back) and their chunks with embeddings, then the full-text index,
 * the model row in knowledge_store and the HNSW index for its dimension (ensureVectorIndex, the same
 * statement start-up runs, which then finds it made).
 */
export async function loadKnowledge(db: Db, options: LoadKnowledgeOptions): Promise<KnowledgeSummary> {
  if (!(await hasVectorColumn(db))) throw new Error('This database has no pgvector column: the knowledge benchmark needs it.');
  const started = Date.now();
  const batchSize = options.batchSize ?? 250;
  const summary: KnowledgeSummary = { documents: 0, chunks: 0, windows: 0, averageChars: 0, loadMilliseconds: 0, vectorIndexMilliseconds: 0 };
  let chars = 0;
  let reported = 0;

  await db.execute(sql`DROP INDEX IF EXISTS knowledge_chunks_search_idx`);
  let pending: { documentId: number; chunk: GeneratedKnowledgeDocument['chunks'][number] }[] = [];
  const writeChunks = async () => {
    if (pending.length === 0) return;
    const rows = pending.map(({ documentId, chunk }) => sql`(${documentId}, ${chunk.index}, ${chunk.page}, ${chunk.text})`);
    const inserted = await sqlRows<{ id: number | string; document_id: number; chunk_index: number }>(db, sql`
      INSERT INTO knowledge_chunks (document_id, chunk_index, page, content) VALUES ${list(rows)} RETURNING id, document_id, chunk_index`);
    const idOf = new Map(inserted.map((row) => [`${row.document_id}:${row.chunk_index}`, row.id]));
    const windows = pending.flatMap(({ documentId, chunk }) =>
      chunk.windowEmbeddings.map((vector, window) => sql`(${idOf.get(`${documentId}:${chunk.index}`)}, 1, ${window}, ${vectorText(vector)}::vector)`),
    );
    for (let start = 0; start < windows.length; start += batchSize) {
      await db.execute(sql`INSERT INTO knowledge_chunk_windows (chunk_id, generation, window_index, embedding) VALUES ${list(windows.slice(start, start + batchSize))}`);
    }
    summary.windows += windows.length;
    pending = [];
  };

  for (const document of generateKnowledge({ ...options, dimensions: options.embedder.dimensions, windowTokens: options.embedder.windowTokens })) {
    const inserted = await sqlRows<{ id: number }>(db, sql`
      INSERT INTO documents (file_id, filename, title, source_url, content_type, byte_size, uploaded_by, status)
      VALUES (${`bench-knowledge-${summary.documents + 1}`}, ${document.filename}, ${document.title}, ${document.sourceUrl}, 'pdf',
              ${document.chunks.reduce((sum, chunk) => sum + chunk.text.length, 0)}, ${options.uploadedBy}, 'completed')
      RETURNING id`);
    const documentId = inserted[0]?.id;
    if (documentId === undefined) throw new Error('A benchmark document was not inserted.');
    summary.documents += 1;
    for (const chunk of document.chunks) {
      pending.push({ documentId, chunk });
      summary.chunks += 1;
      chars += chunk.text.length;
      if (pending.length >= batchSize) await writeChunks();
    }
    if (summary.chunks - reported >= 10_000) {
      reported = summary.chunks;
      options.onProgress?.(summary.chunks);
    }
  }
  await writeChunks();
  await db.execute(sql.raw(SEARCH_INDEX));
  summary.averageChars = summary.chunks > 0 ? chars / summary.chunks : 0;
  summary.loadMilliseconds = Date.now() - started;

  const indexStarted = Date.now();
  const { generation } = await recordModel(db, { model: options.embedder.model, dimensions: options.embedder.dimensions });
  // The graph of 100k 512-number vectors needs a few hundred MB; past maintenance_work_mem the build crawls.
  await db.execute(sql`SET maintenance_work_mem = '1GB'`);
  await ensureVectorIndex(db, generation, options.embedder.dimensions);
  await db.execute(sql`RESET maintenance_work_mem`);
  summary.vectorIndexMilliseconds = Date.now() - indexStarted;
  // VACUUM as well as ANALYZE (as the server's upkeep does): the chunks' full-text index keeps no pending entries.
  await db.execute(sql`VACUUM (ANALYZE) knowledge_chunks`);
  await db.execute(sql`VACUUM (ANALYZE) knowledge_chunk_windows`);
  await db.execute(sql`VACUUM (ANALYZE) documents`);
  return summary;
}
