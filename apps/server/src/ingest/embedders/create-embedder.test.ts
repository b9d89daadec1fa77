import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { createEmbedder } from './create-embedder.ts';

describe('createEmbedder', () => {
  it('uses the built-in Universal Sentence Encoder Lite by default', async () => {
    const embedder = createEmbedder(readConfig({}));
    expect([embedder.model, embedder.dimensions]).toEqual(['universal-sentence-encoder-lite', 512]);
    await embedder.close();
  });

  it('uses the OpenAI-compatible API when EMBEDDINGS_BASE_URL is set', async () => {
    const embedder = createEmbedder(readConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1', EMBEDDINGS_MODEL: 'nomic-embed-text' }));
    expect([embedder.model, embedder.dimensions]).toEqual(['nomic-embed-text', undefined]);
    await embedder.close();
  });
});
