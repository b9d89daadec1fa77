import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '@steward/contract/webhooks';

/**
 * A webhook receiver on 127.0.0.1 for the tests of issue 57: it checks every delivery's signature with
 * the `standardwebhooks` package (the specification's own TypeScript implementation, not the server's code) and
 * counts what arrives, retries and duplicates included.
 */
export interface Received {
  id: string;
  verified: boolean;
  payload: { type: WebhookEventType; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests get (200 by default). */
  status: number;
  /** When set, requests wait for it before they are answered (an instance that dies mid-delivery). */
  hold?: Promise<void>;
  secret?: string;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], status: 200, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let verified: boolean;
      try {
        new Webhook(receiver.secret ?? '').verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      receiver.received.push({ id: headers['webhook-id'] ?? '', verified, payload: JSON.parse(body) as Received['payload'] });
      const answer = () => {
        response.writeHead(receiver.status, { 'content-type': 'text/plain' });
        response.end(receiver.status === 200 ? 'thanks' : 'receiver is down');
      };
      if (receiver.hold) void receiver.hold.then(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  receiver.url = `http://127.0.0.1:${address.port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
