/** Texts to embed (already checked and whitespace-collapsed by the embedder). */
export interface EmbeddingWorkerRequest {
  id: number;
  texts: string[];
}

/** The vectors of a request, one after another in one transferred array, or why there are none. */
export type EmbeddingWorkerAnswer = { id: number; dimensions: number; vectors: Float32Array<ArrayBuffer> } | { id: number; error: string };
