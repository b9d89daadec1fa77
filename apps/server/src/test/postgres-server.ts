import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { scaled } from './slowdown.ts';

/** Where Debian puts the PostgreSQL 15 server; PG_BIN overrides. */
export const postgresBinDir = (): string => process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  url(database: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user Debian creates. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Starts a throw-away PostgreSQL server on a loopback port in a temp directory
 * (fsync off: test data need not survive a crash).
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!fs.existsSync(path.join(bin, 'postgres'))) {
    throw new Error(`No PostgreSQL server in ${bin}: run scripts/ensure-postgres.sh (npm run test:pg does).`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-pg-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const [initCommand, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D', dataDir, '-U', 'steward', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync',
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const [command, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]);
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  await waitForPort(port, child, () => log);
  return {
    url: (database) => `postgres://steward@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // runuser does not pass signals on, so ask the server itself to stop.
        const [stopCommand, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
        spawnSync(stopCommand, stopArgs, { stdio: 'ignore' });
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const limitMs = scaled(30_000);
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open && log().includes('ready to accept connections')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL did not start within ${limitMs / 1000} s:\n${log()}`);
}
