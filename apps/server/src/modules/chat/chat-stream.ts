import type { FastifyReply } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { CHAT_STREAM_EVENTS } from '@steward/contract/chat';

type StreamEvent = (typeof CHAT_STREAM_EVENTS)[number];

export interface EventStream {
  send(event: StreamEvent, data: unknown): void;
  end(): void;
  /** Aborted when the visitor closes the connection, so the LLM call stops too. */
  readonly closed: AbortSignal;
}

/** Whether the caller asked for Server-Sent Events rather than one JSON answer. */
export const wantsEventStream = (accept: string | undefined): boolean => (accept ?? '').includes('text/event-stream');

/**
 * Takes the reply over from Fastify and opens a Server-Sent Events stream on it, keeping the headers
 * already set (CORS, helmet). Events are `event: <name>` with one `data:` line of JSON.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Proxies such as nginx would otherwise hold the pieces back until the end.
    'x-accel-buffering': 'no',
  });
  const closed = new AbortController();
  raw.on('close', () => closed.abort());
  return {
    send(event, data) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
    closed: closed.signal,
  };
}
