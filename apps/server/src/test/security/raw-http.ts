import net from 'node:net';

export interface RawExchange {
  /** Everything the server sent before closing (or before `waitMs` ran out). */
  response: string;
  /** Whether the server closed the connection. */
  closed: boolean;
  /** Milliseconds from connecting to the close (or to giving up). */
  elapsedMs: number;
}

/**
 * Speaks HTTP/1.1 by hand over a socket, for what fetch will not send: oversized headers, a body
 * trickled a byte at a time. `chunks` are written `intervalMs` apart; stops after `waitMs` in any case.
 */
export function rawExchange(
  baseUrl: string,
  chunks: (string | Buffer)[],
  options: { intervalMs?: number; waitMs?: number } = {},
): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  const intervalMs = options.intervalMs ?? 0;
  const waitMs = options.waitMs ?? 10_000;
  return new Promise((resolve) => {
    const started = Date.now();
    const received: Buffer[] = [];
    let closed = false;
    let finished = false;
    const socket = net.connect(Number(port), hostname);
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(giveUp);
      clearInterval(writer);
      socket.destroy();
      resolve({ response: Buffer.concat(received).toString('latin1'), closed, elapsedMs: Date.now() - started });
    };
    const giveUp = setTimeout(finish, waitMs);
    let next = 0;
    const writeNext = () => {
      const chunk = chunks[next];
      if (chunk === undefined || socket.destroyed) return;
      next += 1;
      socket.write(chunk);
    };
    const writer = setInterval(writeNext, Math.max(1, intervalMs));
    socket.on('connect', writeNext);
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      finish();
    });
  });
}
