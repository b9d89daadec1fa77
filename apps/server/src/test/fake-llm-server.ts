import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake LLM server does with the next requests. */
export type FakeLlmBehaviour =
  | { kind: 'stream'; pieces: string[] }
  | { kind: 'status'; status: number }
  /** Answers 200 with this JSON, whatever was asked: an answer of the wrong shape, say. */
  | { kind: 'json'; body: unknown }
  /** Accepts the request and never answers: the caller's timeout must end it. */
  | { kind: 'hang' }
  /** Answers the next `answered` requests as usual, then this status (an embeddings API that goes down mid-way). */
  | { kind: 'status-after'; answered: number; status: number }
  /** Answers the next `answered` requests as usual, then accepts the others and never answers (a process killed mid-request). */
  | { kind: 'hang-after'; answered: number };

export interface ReceivedLlmRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeLlmServer {
  /** http://127.0.0.1:<port>/v1, for LLM_BASE_URL. */
  baseUrl: string;
  received: ReceivedLlmRequest[];
  behave(behaviour: FakeLlmBehaviour): void;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat server on loopback: `POST /v1/chat/completions` answered with
 * Server-Sent Events (`data: {"choices":[{"delta":{"content":…}}]}` lines, then `data: [DONE]`),
 * or a chosen status, or silence; `POST /v1/embeddings` answers small vectors (or the same status or
 * silence). It records every request it receives.
 */
export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const received: ReceivedLlmRequest[] = [];
  let behaviour: FakeLlmBehaviour = { kind: 'stream', pieces: ['Hello.'] };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text || 'null') });
      if (behaviour.kind === 'hang-after' && behaviour.answered > 0) {
        behaviour.answered -= 1;
      } else if (behaviour.kind === 'hang' || behaviour.kind === 'hang-after') {
        hanging.add(response);
        return;
      }
      if (behaviour.kind === 'status-after' && behaviour.answered > 0) {
        behaviour.answered -= 1;
      } else if (behaviour.kind === 'status' || behaviour.kind === 'status-after') {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      if (behaviour.kind === 'json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(behaviour.body));
        return;
      }
      if (request.url?.endsWith('/embeddings')) {
        // An embeddings API: one small vector per input, in order (the number of words, then the text's length).
        const inputs = ((JSON.parse(text || '{}') as { input?: unknown }).input ?? []) as string[];
        const data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: [input.split(' ').length, input.length / 100, 0.5, -0.25] }));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: 'fake' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of behaviour.kind === 'stream' ? behaviour.pieces : ['Hello.']) {
        response.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
