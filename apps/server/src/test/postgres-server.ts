import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { scaled } from './slowdown.ts';

/** Where Debian puts the PostgreSQL 15 server; PG_BIN overrides. */
export const postgresBinDir = (): string => process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  url(database: string): string;
  /** `pg_ctl restart -m fast`, as a failover or a minor upgrade does: connections are cut, the server is back within a second or two. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: the server is gone until `start`. */
  pause(): Promise<void>;
  start(): Promise<void>;
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
  const serverOptions = [
    '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ];
  const [command, args] = asServerUser(path.join(bin, 'postgres'), ['-D', dataDir, ...serverOptions]);
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  await waitForPort(port, child, () => log);
  const logFile = path.join(dir, 'server.log');
  // Not spawnSync: the tests' own load goes on while the server restarts.
  const pgCtl = async (...ctlArgs: string[]) => {
    const [ctlCommand, ctlFull] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-t', '60', ...ctlArgs]);
    await new Promise<void>((resolve, reject) => {
      execFile(ctlCommand, ctlFull, { encoding: 'utf8' }, (error, stdout, stderr) =>
        error ? reject(new Error(`pg_ctl ${ctlArgs[0] ?? ''} failed: ${stderr || stdout || error.message}`)) : resolve(),
      );
    });
  };
  // After a restart or a start the server is pg_ctl's child, not this process's: the pid file says whether it runs.
  const running = () => fs.existsSync(path.join(dataDir, 'postmaster.pid'));
  return {
    url: (database) => `postgres://steward@127.0.0.1:${port}/${database}`,
    restart: () => pgCtl('restart', '-m', 'fast', '-l', logFile),
    pause: () => pgCtl('stop', '-m', 'fast'),
    // pg_ctl start does not read postmaster.opts as restart does: the options again.
    start: () => pgCtl('start', '-l', logFile, '-o', serverOptions.join(' ')),
    stop: async () => {
      const exited = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
      // runuser does not pass signals on, so ask the server itself to stop.
      if (running()) await pgCtl('stop', '-m', 'immediate');
      await exited;
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
