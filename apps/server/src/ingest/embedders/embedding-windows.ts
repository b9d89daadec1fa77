import { chunkPages } from '../reading/chunk.ts';
import type { Embedder } from './embedder.ts';

/**
 * Tokens of a window's last whole sentences repeated at the next one's start (none when its last sentence
 * is longer), and at most a quarter of a window.
 */
export const WINDOW_OVERLAP_TOKENS = 16;

/**
 * The pieces of a chunk its vectors are made from: the chunk itself when the model reads all of it,
 * else windows of at most `windowTokens`, cut as chunks are (between sentences, then words). A model
 * that reads only the start of a text cannot place a passage by its end: a sentence from the last
 * third of a 290-token chunk found that chunk among the five nearest one time in five, and among
 * them nine times in ten with one vector per window (docs/ingestion.md).
 */
export function embeddingWindows(text: string, embedder: Pick<Embedder, 'windowTokens' | 'countTokens'>): string[] {
  const { windowTokens, countTokens } = embedder;
  if (windowTokens === undefined || countTokens(text) <= windowTokens) return [text];
  const overlapTokens = Math.min(WINDOW_OVERLAP_TOKENS, Math.floor(windowTokens / 4));
  return chunkPages([{ page: 1, text }], { countTokens, maxTokens: windowTokens, overlapTokens }).map((window) => window.text);
}

/**
 * Each text's vectors, one per window (embeddingWindows), made in one call of the embedder, which then
 * fills its batches across texts.
 */
export async function embedChunkWindows(embedder: Pick<Embedder, 'windowTokens' | 'countTokens' | 'embed'>, texts: readonly string[]): Promise<Float32Array[][]> {
  const windows = texts.map((text) => embeddingWindows(text, embedder));
  const vectors = await embedder.embed(windows.flat());
  let next = 0;
  const nextVector = (): Float32Array => {
    const vector = vectors[next++];
    if (!vector) throw new Error(`The embedder answered ${vectors.length} vectors for ${next} windows or more.`);
    return vector;
  };
  return windows.map((textWindows) => textWindows.map(nextVector));
}
