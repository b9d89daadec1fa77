import { type Config } from '../../config.ts';
import { type Embedder } from './embedder.ts';
import { createOpenAiEmbedder } from './embedder-openai.ts';
import { createUseLiteEmbedder } from './embedder-use-lite.ts';

/**
 * The embedder the config asks for: the OpenAI-compatible API when EMBEDDINGS_BASE_URL is set,
 * else the built-in Universal Sentence Encoder Lite. Make one at start and close it at shutdown.
 */
export function createEmbedder(config: Pick<Config, 'embeddings'>): Embedder {
  return config.embeddings ? createOpenAiEmbedder(config.embeddings) : createUseLiteEmbedder();
}
