import net from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a server (the test PostgreSQL server), which a test can cut, as a
 * restart or a failover cuts a database: every connection through it is dropped and new ones are refused, until
 * `restore`. Only the connections of the test that made it go through it; the server itself runs on.
 */
export interface CuttableProxy {
  port: number;
  /** `url` (postgres://user@host:port/db) with the proxy's address in place of the server's. */
  through(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const port = await listen(0);
  return {
    port,
    through: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: async () => {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    restore: async () => {
      await listen(port);
    },
    close: async () => {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
