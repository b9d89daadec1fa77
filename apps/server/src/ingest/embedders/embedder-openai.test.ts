import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scaled } from '../../test/slowdown.ts';
import { EmbeddingError } from './embedder.ts';
import { createOpenAiEmbedder } from './embedder-openai.ts';

interface Received {
  url: string | undefined;
  authorization: string | undefined;
  body: { model: string; input: string[] };
}

/** A fake embeddings API on a loopback port; each test sets how it answers. */
let answer: (body: Received['body']) => { status?: number; body: string } | 'never';
let received: Received[] = [];
const server = http.createServer((request, response) => {
  let text = '';
  request.on('data', (part: Buffer) => (text += part.toString()));
  request.on('end', () => {
    const body = JSON.parse(text) as Received['body'];
    received.push({ url: request.url, authorization: request.headers.authorization, body });
    const reply = answer(body);
    if (reply === 'never') return;
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(reply.body);
  });
});
let baseUrl = '';

/** Vector i of a batch: [first input's length, i, 0.5]; answered in reverse order to test `index`. */
const threeDimensional = (body: Received['body']) => ({
  body: JSON.stringify({ object: 'list', data: body.input.map((input, index) => ({ object: 'embedding', index, embedding: [input.length, index, 0.5] })).reverse() }),
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = threeDimensional;
});

describe('createOpenAiEmbedder', () => {
  it('posts { model, input } with the key to {base}/embeddings and answers vectors in input order', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'nomic-embed-text', apiKey: 'sk-test' });
    expect(embedder.dimensions).toBeUndefined();
    const vectors = await embedder.embed(['one', 'three', 'five!']);
    expect(received).toEqual([{ url: '/v1/embeddings', authorization: 'Bearer sk-test', body: { model: 'nomic-embed-text', input: ['one', 'three', 'five!'] } }]);
    expect(vectors).toEqual([Float32Array.from([3, 0, 0.5]), Float32Array.from([5, 1, 0.5]), Float32Array.from([5, 2, 0.5])]);
    expect(embedder.dimensions).toBe(3);
    expect(embedder.model).toBe('nomic-embed-text');
  });

  it('sends no key when there is none, and batches by batchSize', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm', batchSize: 2 });
    const vectors = await embedder.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
    expect(received.map((r) => r.body.input)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(received[0]?.authorization).toBeUndefined();
    expect(vectors.map((vector) => vector[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it('collapses whitespace and refuses an empty text without sending anything', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm' });
    await embedder.embed([' two\n\nlines ']);
    expect(received[0]?.body.input).toEqual(['two lines']);
    await expect(embedder.embed(['fine', ' \n '])).rejects.toThrow(new EmbeddingError('Text 2 of 2 is empty; only text can be embedded.'));
    expect(received).toHaveLength(1);
  });

  it.each([
    [{ status: 401, body: '{"error":{"message":"Incorrect API key provided"}}' }, /answered 401 Unauthorized: \{"error":\{"message":"Incorrect API key provided"\}\}$/],
    [{ status: 200, body: '<html>proxy login</html>' }, /did not answer JSON: <html>proxy login<\/html>$/],
    [{ status: 200, body: '{"embeddings":[]}' }, /answered without a data list/],
    [{ status: 200, body: '{"data":[{"index":0,"embedding":[1,2]}]}' }, /answered 1 vectors for 2 texts\.$/],
    [{ status: 200, body: '{"data":[{"index":0,"embedding":[1,2]},{"index":0,"embedding":[3,4]}]}' }, /wrong or repeated index \(0\)/],
    [{ status: 200, body: '{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[3]}]}' }, /a vector of 1 numbers, not 2\.$/],
    [{ status: 200, body: '{"data":[{"index":0,"embedding":"AAAA"},{"index":1,"embedding":[3]}]}' }, /not a list of numbers \(item 0\)/],
  ])('refuses the answer %j clearly', async (reply, message) => {
    answer = () => reply;
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm' });
    const failure = embedder.embed(['a', 'b']);
    await expect(failure).rejects.toThrow(EmbeddingError);
    await expect(failure).rejects.toThrow(message);
  });

  it('refuses a later answer whose vectors have another length than the first', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm' });
    await embedder.embed(['a']);
    answer = () => ({ body: '{"data":[{"index":0,"embedding":[1,2]}]}' });
    await expect(embedder.embed(['b'])).rejects.toThrow(/a vector of 2 numbers, not 3\./);
  });

  it('gives up on a server that does not answer in time', async () => {
    answer = () => 'never';
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm', timeoutMs: 200 });
    await expect(embedder.embed(['a'])).rejects.toThrow(/did not answer within 200 ms\.$/);
  });

  it('says when the server cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const embedder = createOpenAiEmbedder({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' });
    await expect(embedder.embed(['a'])).rejects.toThrow(/could not be reached: connect ECONNREFUSED/);
  });

  it('ends its open requests when closed', async () => {
    answer = () => 'never';
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm' });
    const pending = embedder.embed(['a']);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: scaled(5_000) });
    await embedder.close();
    await expect(pending).rejects.toThrow('The embedder was closed.');
  });

  it('estimates tokens without the remote tokenizer', () => {
    expect(createOpenAiEmbedder({ baseUrl, model: 'm' }).countTokens('The cat sat on the mat.')).toBe(7);
  });
});
