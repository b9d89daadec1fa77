import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { scaled } from '../../test/slowdown.ts';
import { type Embedder, EmbeddingError } from './embedder.ts';
import { EmbeddingWorkerClient, USE_LITE_DIMENSIONS, USE_LITE_WINDOW_TOKENS, createUseLiteEmbedder, useLiteWorkerState } from './embedder-use-lite.ts';

const cosine = (a: Float32Array, b: Float32Array) => {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  a.forEach((value, i) => {
    const other = b[i] ?? 0;
    dot += value * other;
    normA += value * value;
    normB += other * other;
  });
  return dot / Math.sqrt(normA * normB);
};

const open: Embedder[] = [];
const embedder = (options?: Parameters<typeof createUseLiteEmbedder>[0]) => {
  const made = createUseLiteEmbedder(options);
  open.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((made) => made.close()));
});

describe('createUseLiteEmbedder', () => {
  it('embeds texts as 512 numbers that place similar meanings close', async () => {
    const use = embedder();
    expect(use.model).toBe('universal-sentence-encoder-lite');
    expect(use.dimensions).toBe(512);
    const [question, paraphrase, unrelated] = await use.embed([
      'How do I reset my password?',
      'I forgot my password and need a new one.',
      'The store opens at nine in the morning.',
    ]);
    for (const vector of [question, paraphrase, unrelated]) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(USE_LITE_DIMENSIONS);
    }
    if (!question || !paraphrase || !unrelated) throw new Error('three vectors expected');
    expect(cosine(question, paraphrase)).toBeGreaterThan(0.6);
    expect(cosine(question, unrelated)).toBeLessThan(0.3);
  });

  it('answers the same vectors in batches as one by one, in order', async () => {
    const use = embedder({ batchSize: 3 });
    const texts = Array.from({ length: 7 }, (_, i) => `Sentence number ${i} talks about ${['tea', 'trains', 'taxes', 'tigers'][i % 4]}.`);
    const batched = await use.embed(texts);
    expect(batched).toHaveLength(7);
    for (const [i, text] of texts.entries()) {
      const [alone] = await use.embed([text]);
      if (!alone) throw new Error('one vector expected');
      expect(cosine(batched[i] ?? new Float32Array(), alone)).toBeGreaterThan(0.9999);
    }
  });

  it('reads a text\'s first USE_LITE_WINDOW_TOKENS tokens and ignores the rest (so long chunks are embedded window by window)', async () => {
    const use = embedder();
    expect(use.windowTokens).toBe(USE_LITE_WINDOW_TOKENS);
    const words = Array.from({ length: 200 }, (_, i) => ['Descale', 'the', 'kettle', 'monthly;', 'the', 'warranty', 'covers', 'its', 'element.'][i % 9] ?? '');
    const firstTokens = (tokens: number) => {
      let count = 1;
      while (count < words.length && use.countTokens(words.slice(0, count + 1).join(' ')) <= tokens) count += 1;
      return words.slice(0, count).join(' ');
    };
    expect(use.countTokens(words.join(' '))).toBeGreaterThan(USE_LITE_WINDOW_TOKENS + 50);
    const [whole, window, shorter] = await use.embed([words.join(' '), firstTokens(USE_LITE_WINDOW_TOKENS), firstTokens(USE_LITE_WINDOW_TOKENS - 8)]);
    if (!whole || !window || !shorter) throw new Error('three vectors expected');
    expect(cosine(whole, window)).toBeGreaterThan(0.99999);
    expect(cosine(whole, shorter)).toBeLessThan(0.9999);
  });

  it('refuses an empty text before it reaches the model', async () => {
    await expect(embedder().embed(['fine', '\n \t'])).rejects.toThrow(new EmbeddingError('Text 2 of 2 is empty; only text can be embedded.'));
  });

  it('keeps the event loop free while it embeds', async () => {
    const use = embedder();
    await use.embed(['warm up']);
    const paragraph = 'Trace trees record the hot loops of a program and compile them to machine code. '.repeat(20);
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await use.embed(Array.from({ length: 16 }, (_, i) => `${i}. ${paragraph}`));
    const took = performance.now() - started;
    clearInterval(ticker);
    // On this thread the whole batch would be one gap; shared machines get a generous margin.
    expect(took).toBeGreaterThan(300);
    expect(longestGap).toBeLessThan(Math.min(scaled(500), took / 3));
  });

  it('shares one worker between embedders, started on the first batch and stopped after the last close', async () => {
    const first = embedder();
    const second = embedder();
    expect(useLiteWorkerState()).toMatchObject({ running: false, embedders: 2 });
    await Promise.all([first.embed(['one']), second.embed(['two'])]);
    expect(useLiteWorkerState()).toMatchObject({ running: true, embedders: 2 });
    await first.close();
    expect(useLiteWorkerState()).toMatchObject({ running: true, embedders: 1 });
    await second.close();
    expect(useLiteWorkerState()).toMatchObject({ running: false, embedders: 0 });
    await expect(first.embed(['again'])).rejects.toThrow('The embedder was closed.');
  });

  it('serves urgent texts before the batches of a document that wait, all of them in one batch', async () => {
    const use = embedder({ batchSize: 2 });
    const chunks = Array.from({ length: 6 }, (_, i) => `Chunk ${i} of the kettle manual explains descaling.`);
    const questions = ['How do I descale the kettle?', 'Is the kettle dishwasher safe?', 'Where is the serial number?'];
    const [alone] = await use.embed([questions[1] ?? '']);
    const before = useLiteWorkerState().batchesSent;
    const finished: string[] = [];
    const document = use.embed(chunks).then((vectors) => {
      finished.push('document');
      return vectors;
    });
    // The document's first batch is out; the questions wait behind it, and go before its other two batches.
    const answers = Promise.all(questions.map((question) => use.embed([question], { urgent: true }).then(([vector]) => {
      finished.push(question);
      return vector;
    })));
    const [vectors, asked] = await Promise.all([document, answers]);
    expect(finished).toEqual([...questions, 'document']);
    expect(useLiteWorkerState().batchesSent - before).toBe(3 + 1);
    expect(vectors).toHaveLength(6);
    expect(cosine(asked[1] ?? new Float32Array(), alone ?? new Float32Array())).toBeGreaterThan(0.9999);
  });

  it('restarts a worker that does not answer in time', async () => {
    const use = embedder({ batchTimeLimitMs: 1 });
    await expect(use.embed(['too slow'])).rejects.toThrow('The embedding worker did not answer within 1 ms; it is restarted.');
    expect(useLiteWorkerState().running).toBe(false);
    const patient = embedder();
    expect(await patient.embed(['in time'])).toHaveLength(1);
  });

  it('counts tokens with the model tokenizer, whitespace collapsed as when embedding', () => {
    const use = embedder();
    expect(use.countTokens('hello world, this is a test')).toBe(8);
    expect(use.countTokens('hello\n\n  world,\tthis is a test')).toBe(8);
    expect(use.countTokens('')).toBe(0);
    // Rare words cost several pieces; a long text is counted quickly (word by word).
    expect(use.countTokens('antidisestablishmentarianism')).toBeGreaterThan(3);
    const started = performance.now();
    expect(use.countTokens('Trace-based compilation records hot loops. '.repeat(2000))).toBeGreaterThan(10_000);
    expect(performance.now() - started).toBeLessThan(scaled(2000));
  });
});

describe('EmbeddingWorkerClient', () => {
  /**
   * Worker threads that answer as embedding-worker.ts does, the first `failing` of them with its model's error
   * ("Backend 'wasm' has not yet been initialized", as a model that failed to load). Counts the workers started.
   */
  const workers = (failing: number) => {
    const started = new Int32Array(new SharedArrayBuffer(4));
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const failing = Atomics.add(workerData.started, 0, 1) < workerData.failing;
      parentPort.on('message', ({ id, texts }) => {
        if (failing) return parentPort.postMessage({ id, error: "Error: Backend 'wasm' has not yet been initialized." });
        parentPort.postMessage({ id, dimensions: ${USE_LITE_DIMENSIONS}, vectors: new Float32Array(texts.length * ${USE_LITE_DIMENSIONS}).fill(1) });
      });`;
    return { started, start: () => new Worker(source, { eval: true, workerData: { started, failing } }) };
  };

  it('sends a batch once more, to a new worker, when the worker that had it failed', async () => {
    const { started, start } = workers(1);
    const client = new EmbeddingWorkerClient(start);
    try {
      const [urgent, bulk] = await Promise.all([
        client.embed(['a question'], { urgent: true, timeLimitMs: scaled(10_000) }),
        client.embed(['a chunk', 'another chunk'], { urgent: false, timeLimitMs: scaled(10_000) }),
      ]);
      expect(urgent).toHaveLength(1);
      expect(bulk).toHaveLength(2);
      expect(Atomics.load(started, 0)).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('refuses a batch that fails on the second worker too, and serves the next on a third', async () => {
    const { started, start } = workers(2);
    const client = new EmbeddingWorkerClient(start);
    try {
      await expect(client.embed(['a question'], { urgent: true, timeLimitMs: scaled(10_000) })).rejects.toThrow(
        "The embedding model failed: Error: Backend 'wasm' has not yet been initialized.",
      );
      expect(await client.embed(['asked again'], { urgent: true, timeLimitMs: scaled(10_000) })).toHaveLength(1);
      expect(Atomics.load(started, 0)).toBe(3);
    } finally {
      await client.close();
    }
  });
});
