/**
 * Turns chunks into vectors for the knowledge store. Two implementations: the built-in Universal
 * Sentence Encoder Lite (embedder-use-lite.ts), and any OpenAI-compatible API (embedder-openai.ts);
 * createEmbedder (create-embedder.ts) picks one from the config.
 */
export interface Embedder {
  /** The model's name, to store with each vector: vectors of two models cannot be compared. */
  readonly model: string;
  /** The length of every vector; undefined for a remote model until its first answer. */
  readonly dimensions: number | undefined;
  /**
   * The most tokens (countTokens) of a text the model reads: it ignores the rest of a longer one. A chunk
   * longer than this is embedded as windows of at most this many tokens (embedding-windows.ts). Undefined:
   * more than any chunk holds.
   */
  readonly windowTokens: number | undefined;
  /** One vector per text, in the same order. A text empty after whitespace is refused (EmbeddingError). */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** The model's token count of a text, for chunkPages. */
  countTokens(text: string): number;
  /** Frees what it holds (the worker thread, open requests). */
  close(): Promise<void>;
}

export interface EmbedOptions {
  /**
   * Someone is waiting for these vectors (a customer's question, a search's best match): an embedder with a
   * queue of its own serves them before documents' chunks, together with the other urgent texts waiting.
   */
  urgent?: boolean;
}

/** A failure to embed, for the log and the job's retry: not the document's fault. */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';
}

/** What a model is given: whitespace collapsed to single spaces. */
export const embeddingInput = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The texts as the model is given them, refusing an empty one: Universal Sentence Encoder
 * throws on an empty text alone and answers garbage for one in a batch, and APIs refuse it.
 */
export function embeddingInputs(texts: readonly string[]): string[] {
  return texts.map((text, index) => {
    const input = embeddingInput(text);
    if (input === '') throw new EmbeddingError(`Text ${index + 1} of ${texts.length} is empty; only text can be embedded.`);
    return input;
  });
}

/** Slices of at most `size` items, in order. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * An embedder in front of `inner`: the same model, dimensions, window and token count, with `embed` (and,
 * when given, `close`) of its own. The caching and timing wrappers are made with it.
 */
export function wrapEmbedder(inner: Embedder, own: Pick<Embedder, 'embed'> & Partial<Pick<Embedder, 'close'>>): Embedder {
  return {
    get model() {
      return inner.model;
    },
    get dimensions() {
      return inner.dimensions;
    },
    get windowTokens() {
      return inner.windowTokens;
    },
    countTokens: (text) => inner.countTokens(text),
    close: own.close ?? (() => inner.close()),
    embed: own.embed,
  };
}
