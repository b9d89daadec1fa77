import { chunkPages, HEADING_SEPARATOR } from '../reading/chunk.ts';
import { headingQuestionOf } from '../reading/faq-questions.ts';
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

/** A chunk as its vectors are made of it: the headings it sits under (outermost first, HEADING_SEPARATOR between), and its text. */
export interface ChunkText {
  heading: string | null;
  text: string;
}

/** What a chunk's windows are cut from: its heading path, then its text, so a passage is found by what its section is about too. */
export const embeddedText = (chunk: ChunkText): string => (chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text);

/**
 * The texts a chunk's vectors are made of: the windows of its heading path and text (embeddingWindows), and
 * the question its heading asks, alone, when it is a FAQ's entry (headingQuestionOf). The chunk is as near a
 * question as its nearest window: "Can I throttle how fast people download?" is nearer "Does vsftpd support
 * bandwidth limiting?" (cosine 0.66) than that entry's question and answer together (0.49); docs/bot.md.
 */
export function chunkWindows(chunk: ChunkText, embedder: Pick<Embedder, 'windowTokens' | 'countTokens'>): string[] {
  const question = headingQuestionOf(chunk.heading, HEADING_SEPARATOR);
  const windows = embeddingWindows(embeddedText(chunk), embedder);
  return question === null ? windows : [...windows, question];
}

/**
 * Each chunk's vectors, one per window (chunkWindows), made in one call of the embedder, which then
 * fills its batches across chunks.
 */
export async function embedChunkWindows(embedder: Pick<Embedder, 'windowTokens' | 'countTokens' | 'embed'>, chunks: readonly ChunkText[]): Promise<Float32Array[][]> {
  const windows = chunks.map((chunk) => chunkWindows(chunk, embedder));
  const vectors = await embedder.embed(windows.flat());
  let next = 0;
  const nextVector = (): Float32Array => {
    const vector = vectors[next++];
    if (!vector) throw new Error(`The embedder answered ${vectors.length} vectors for ${next} windows or more.`);
    return vector;
  };
  return windows.map((chunkWindowTexts) => chunkWindowTexts.map(nextVector));
}
