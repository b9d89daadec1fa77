/**
 * `@steward/server/knowledge-internals`: the document reading and the knowledge search taken apart, for the
 * bench's ingestion and retrieval benchmarks and the evaluation (`npm run eval`, bench/src/eval/), which
 * measure each step in-process. They import this entry, never the server's files by relative path.
 */
export { type Chunk, chunkSections } from './ingest/reading/chunk.ts';
export { documentLines } from './ingest/reading/clean-pages.ts';
export { createEmbedder } from './ingest/embedders/create-embedder.ts';
export { detectDocumentKind } from './ingest/reading/document-kind.ts';
export { documentSections } from './ingest/reading/document-sections.ts';
export { embedChunkWindows } from './ingest/embedders/embedding-windows.ts';
export { IngestError } from './ingest/ingest-error.ts';
export { readHtmlPage } from './ingest/site/html-page.ts';
export { parseDocument } from './ingest/reading/parse-document.ts';
export { approximateTokenCount } from './ingest/reading/token-count.ts';
export { rankPassages, RERANKED, searchKnowledge } from './modules/knowledge/knowledge-search.ts';
export { nearestChunks, TEXT_CANDIDATES, WINDOW_CANDIDATES, withAllWindowCandidates } from './modules/knowledge/knowledge-search.repository.ts';
export { createKnowledgeStore } from './modules/knowledge/knowledge-store.ts';
export { ensureVectorIndex, hasVectorColumn, recordModel, vectorIndexName } from './modules/knowledge/knowledge-vectors.ts';
export { replaceChunks, WINDOWS_PER_TRANSACTION, writeChunkWindows } from './modules/knowledge/knowledge.repository.ts';
export {
  FEATURE_ORDER,
  FULL_TEXT_ONLY,
  type PassageFeatures,
  type RelevanceModel,
  relevanceModelOf,
  relevancesOf,
  scoreOf,
  weighedFeatures,
  WITH_VECTORS,
} from './modules/knowledge/passage-features.ts';
export { unknownShareOf } from './modules/knowledge/question-terms.ts';
