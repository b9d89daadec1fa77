import { describeDuration } from '../describe-duration.ts';
import { type Embedder, EmbeddingError, batchesOf, embeddingInputs } from './embedder.ts';
import { approximateTokenCount } from '../reading/token-count.ts';

export interface OpenAiEmbedderOptions {
  /** The API's base, e.g. https://api.openai.com/v1; requests go to `${baseUrl}/embeddings`. */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Texts per request. Default 64: OpenAI takes 2048, local servers often far fewer. */
  batchSize?: number;
  /** The longest one request may take. Default 60 s. */
  timeoutMs?: number;
}

const DEFAULT_BATCH_SIZE = 64;
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * An embedder over an OpenAI-compatible `POST /embeddings` (OpenAI, Azure-style proxies, Ollama,
 * llama.cpp, vLLM, LM Studio…). The vector length is learned from the first answer and every later
 * answer must match it. Tokens are counted with approximateTokenCount: the API's tokenizer is not
 * at hand, and chunks of ~400 estimated tokens stay far inside every embedding model's input limit.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const closing = new AbortController();
  let dimensions: number | undefined;

  async function embedBatch(input: string[]): Promise<Float32Array[]> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ model: options.model, input }),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      });
      const body = await response.text();
      if (!response.ok) {
        throw new EmbeddingError(`The embeddings API at ${url} answered ${response.status} ${response.statusText}: ${excerpt(body)}`);
      }
      return readVectors(body, input.length);
    } catch (error) {
      if (error instanceof EmbeddingError) throw error;
      if (closing.signal.aborted) throw new EmbeddingError('The embedder was closed.', { cause: error });
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new EmbeddingError(`The embeddings API at ${url} did not answer within ${describeDuration(timeoutMs)}.`, { cause: error });
      }
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new EmbeddingError(`The embeddings API at ${url} could not be reached: ${cause}`, { cause: error });
    }
  }

  function readVectors(body: string, expected: number): Float32Array[] {
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      throw new EmbeddingError(`The embeddings API at ${url} did not answer JSON: ${excerpt(body)}`);
    }
    const data = typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : undefined;
    if (!Array.isArray(data)) throw new EmbeddingError(`The embeddings API at ${url} answered without a data list: ${excerpt(body)}`);
    if (data.length !== expected) throw new EmbeddingError(`The embeddings API at ${url} answered ${data.length} vectors for ${expected} texts.`);
    const vectors = new Array<Float32Array | undefined>(expected);
    data.forEach((item: unknown, position) => {
      const index = typeof item === 'object' && item !== null && 'index' in item && typeof item.index === 'number' ? item.index : position;
      const embedding = typeof item === 'object' && item !== null && 'embedding' in item ? item.embedding : undefined;
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw new EmbeddingError(`The embeddings API at ${url} answered an item that is not a list of numbers (item ${position}).`);
      }
      if (!Number.isInteger(index) || index < 0 || index >= expected || vectors[index]) {
        throw new EmbeddingError(`The embeddings API at ${url} answered a wrong or repeated index (${index}).`);
      }
      dimensions ??= embedding.length;
      if (embedding.length !== dimensions) {
        throw new EmbeddingError(`The embeddings API at ${url} answered a vector of ${embedding.length} numbers, not ${dimensions}.`);
      }
      vectors[index] = Float32Array.from(embedding as number[]);
    });
    return vectors as Float32Array[];
  }

  return {
    model: options.model,
    get dimensions() {
      return dimensions;
    },
    // Embedding APIs read thousands of tokens; a chunk holds at most 400 estimated ones.
    windowTokens: undefined,
    async embed(texts) {
      const inputs = embeddingInputs(texts);
      const vectors: Float32Array[] = [];
      for (const batch of batchesOf(inputs, batchSize)) vectors.push(...(await embedBatch(batch)));
      return vectors;
    },
    countTokens: approximateTokenCount,
    async close() {
      closing.abort();
    },
  };
}

const excerpt = (body: string): string => {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text || '(empty)';
};
