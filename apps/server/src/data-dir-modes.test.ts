import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 52: PGlite's files (the WAL, pg_control, the catalog) were 0666 and the outbox's mails, with live reset and
 * invitation keys, 0644. After a real start (`src/main.ts` in a process of its own, as `npm run dev` runs it) over an
 * install left readable, nothing in DATA_DIR grants anything to other users: directories 0700, files 0600, the
 * repair said in one line.
 */
const ADMIN = { email: 'owner@example.com', password: 'Owner-Pass-123' };
let dataDir: string;
let server: ChildProcess | undefined;
let output = '';
let url = '';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitFor<T>(ready: () => Promise<T | undefined> | T | undefined, what: string, seconds = 90): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`The server stopped before ${what}:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`No ${what} within ${seconds} s:\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every entry under DATA_DIR (itself included) with its permission bits and kind. */
function modes(): { file: string; mode: number; kind: 'directory' | 'file' | 'other' }[] {
  const found: { file: string; mode: number; kind: 'directory' | 'file' | 'other' }[] = [];
  const visit = (file: string) => {
    const stats = fs.lstatSync(file);
    found.push({ file: path.relative(dataDir, file) || '.', mode: stats.mode & 0o777, kind: stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : 'other' });
    if (stats.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dataDir);
  return found;
}

beforeAll(async () => {
  // An install as a version before issue 52 left it: DATA_DIR and the outbox 0755, a mail 0644.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-modes-'));
  fs.mkdirSync(path.join(dataDir, 'outbox'));
  fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'To: someone@example.com\n\nAn old mail.\n');
  fs.chmodSync(dataDir, 0o755);
  fs.chmodSync(path.join(dataDir, 'outbox'), 0o755);
  fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o644);
  // A file Steward does not keep there: its mode is the operator's.
  fs.writeFileSync(path.join(dataDir, 'operator-notes.txt'), 'Backups go to the NAS.\n');
  fs.chmodSync(path.join(dataDir, 'operator-notes.txt'), 0o644);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      STEWARD_ADMIN_EMAIL: ADMIN.email,
      STEWARD_ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await waitFor(async () => ((await fetch(`${url}/api/health`).catch(() => undefined))?.ok ? true : undefined), 'answer on /api/health');
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('DATA_DIR after a real start', () => {
  it('is the server user\'s alone: the database, a new outbox mail, the lock file and the backup socket, and what an older version left', async () => {
    const before = new Set(fs.readdirSync(path.join(dataDir, 'outbox')));
    const asked = await fetch(`${url}/api/send-password-reset-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email }) });
    expect(asked.status).toBe(200);
    await waitFor(() => fs.readdirSync(path.join(dataDir, 'outbox')).find((file) => !before.has(file)), 'reset mail in the outbox');

    const entries = modes().filter((entry) => entry.file !== 'operator-notes.txt');
    expect(fs.statSync(path.join(dataDir, 'operator-notes.txt')).mode & 0o777).toBe(0o644);
    const named = (file: string) => entries.find((entry) => entry.file === file);
    // PostgreSQL's own files, the outbox, the lock file and the backup socket are all there…
    for (const file of ['.', 'pglite', 'pglite/global/pg_control', 'pglite/PG_VERSION', 'outbox', 'outbox/old.eml', 'steward.lock', 'backup.sock']) expect(named(file), file).toBeDefined();
    expect(entries.some((entry) => entry.file.startsWith('pglite/pg_wal/0'))).toBe(true);
    // …and none grants anything to the group or to others.
    expect(entries.filter((entry) => (entry.mode & 0o077) !== 0)).toEqual([]);
    expect(entries.filter((entry) => entry.kind === 'directory' && entry.mode !== 0o700)).toEqual([]);
    expect(entries.filter((entry) => entry.kind === 'file' && entry.mode !== 0o600)).toEqual([]);
    expect(output).toMatch(/Made 3 files and directories in DATA_DIR private to the server's user \(0700 directories, 0600 files\)/);
  });
});
