import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, type PostgresServer, sqlRows, startPostgresServer } from '@steward/server/test-support';
import { type BuiltServer, REPOSITORY_ROOT, startBuiltServer } from '../support/built-server.ts';
import { staffCall } from '../support/built-server-calls.ts';
import { testPdf } from '../support/documents.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { ADMIN, environment, hasPostgres, reportMessage, scratch, signIn, skipWithoutPostgres, slowMailServer } from '../support/several-instances.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * Issue 42: Steward as several instances on one PostgreSQL server (the harness's, started here), and as one
 * instance on the embedded database, through crashes (kill -9) and deploys (SIGTERM). The shipped bundle,
 * environment variables only.
 */

/**
 * On PostgreSQL without pgvector (this machine's) a document is not embedded, so its ingestion is mostly
 * parsing: a long book keeps it running for seconds. On the embedded database embedding takes the time.
 */
const LONG_PDF = 'freeculture.pdf';
const SHORT_PDF = 'tracemonkey.pdf';

async function uploadPdf(server: BuiltServer, cookie: string, title: string, file: string): Promise<number> {
  const form = new FormData();
  form.append('filesData', JSON.stringify([{ title, source_url: `https://example.com/${file}` }]));
  form.append('files', new Blob([fs.readFileSync(testPdf(file))], { type: 'application/pdf' }), file);
  const uploaded = await staffCall(server, cookie, '/api/upload-files', form);
  const registered = await staffCall(server, cookie, '/api/register-files', { filesData: uploaded });
  return Number(registered[0]?.id);
}

async function documentStatus(server: BuiltServer, cookie: string, documentId: number): Promise<unknown> {
  return (await staffCall(server, cookie, '/api/documents/0')).find((row) => row.id === documentId)?.status;
}

/** The instance that writes `line` first, of those given. */
async function firstToWrite(servers: readonly BuiltServer[], line: string): Promise<BuiltServer> {
  return Promise.any(servers.map(async (server) => (await server.waitForOutput(line), server)));
}

const chunkCounts = async (db: Db, documentId: number) =>
  (await sqlRows<{ total: number; distinct: number }>(db, sql`
    SELECT count(*)::int AS total, count(DISTINCT chunk_index)::int AS distinct FROM knowledge_chunks WHERE document_id = ${documentId}`))[0];

/** `npm run backup` or `npm run restore` as an operator runs it, on DATA_DIR. */
const runScript = (script: 'backup' | 'restore', file: string, dataDir: string) =>
  spawnSync('npm', ['run', '--silent', script, '--', file], { cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: scaled(120_000) });

/** Stops `server` with SIGTERM (a deploy) each time `line` shows in its output, `times` times, starting it again each time. */
async function redeployDuring(start: () => Promise<BuiltServer>, first: BuiltServer, line: string, times: number): Promise<BuiltServer> {
  let server = first;
  for (let deploy = 0; deploy < times; deploy += 1) {
    await server.waitForOutput(line);
    await server.stop();
    // Handed back by the job at its next step, or by the worker once the grace ran out.
    expect(server.output()).toMatch(/background job handed back at a graceful stop|background job\(s\) still running at the stop were handed back/);
    expect(server.output()).not.toContain('document indexed');
    server = await start();
  }
  return server;
}

test.describe('several instances on one PostgreSQL server', () => {
  test.skip(!hasPostgres, skipWithoutPostgres);
  test.setTimeout(scaled(600_000));
  let postgres: PostgresServer;
  let database: { db: Db; close(): Promise<void> };
  test.beforeAll(async () => {
    postgres = await startPostgresServer();
    database = await openDatabase({ kind: 'postgres', url: postgres.url('postgres') });
  });
  test.afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  });
  const start = (port: number) => startBuiltServer(environment(port, { DATABASE_URL: postgres.url('postgres') }));

  test('two instances started at once share one administrator and one sign-in; writes survive a kill -9; a killed instance\'s ingestion is finished by the other', async () => {
    const [a, b] = await Promise.all([start(E2E_PORT + 7), start(E2E_PORT + 8)]);
    let survivor: BuiltServer | undefined;
    try {
      expect(await sqlRows<{ email: string }>(database.db, sql`SELECT email FROM users`)).toEqual([{ email: ADMIN.email }]);
      const cookie = await signIn(a);
      expect((await fetch(`${b.url}/api/authenticate-user`, { headers: { cookie } })).status).toBe(200);

      // Writes through both instances while one is killed: each acknowledged write is kept, the counters equal the rows.
      let answered = 0;
      const writes = Array.from({ length: 120 }, (_, n) => reportMessage(n % 2 === 0 ? a : b, n).finally(() => (answered += 1)));
      await expect.poll(() => answered, { intervals: [5] }).toBeGreaterThanOrEqual(10);
      await a.killHard();
      const acknowledged = (await Promise.all(writes)).filter((id): id is number => id !== undefined);
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);
      const stored = await sqlRows<{ id: number }>(database.db, sql`SELECT id::int AS id FROM history`);
      const storedIds = new Set(stored.map((row) => row.id));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
      const [counted] = await sqlRows<{ count: number }>(database.db, sql`SELECT count::int AS count FROM list_counters WHERE name = 'history'`);
      expect(counted?.count).toBe(stored.length);

      // An ingestion whose instance is killed: the other takes it over within the lease (30 s), each chunk once.
      const restarted = await start(E2E_PORT + 7);
      const documentId = await uploadPdf(b, cookie, 'Free Culture', LONG_PDF);
      const running = await firstToWrite([restarted, b], 'document ingestion started');
      await running.killHard();
      expect(running.output()).not.toContain('document indexed');
      survivor = running === b ? restarted : b;
      const killedAt = Date.now();
      await expect.poll(() => documentStatus(survivor as BuiltServer, cookie, documentId), { timeout: scaled(240_000), intervals: [1000] }).toBe('completed');
      expect(survivor.output()).toContain('document indexed');
      expect(Date.now() - killedAt).toBeLessThan(scaled(240_000));
      const chunks = await chunkCounts(database.db, documentId);
      expect(chunks?.total).toBeGreaterThan(10);
      expect(chunks?.total).toBe(chunks?.distinct);
    } finally {
      await Promise.all([a.stop(), b.stop(), survivor?.stop()]);
    }
  });

  test('an instance killed with a mail in flight: the other sends it and the rest, the same mail (one Message-ID) to each invitee', async () => {
    // A mail server per instance, so the test knows which instance a mail in flight came from.
    const [mailA, mailB] = await Promise.all([slowMailServer(1500), slowMailServer(200)]);
    const startWithMail = (port: number, smtp: string) => startBuiltServer(environment(port, { DATABASE_URL: postgres.url('postgres'), SMTP_URL: smtp }));
    const [a, b] = await Promise.all([startWithMail(E2E_PORT + 7, mailA.url), startWithMail(E2E_PORT + 8, mailB.url)]);
    try {
      const cookie = await signIn(a);
      const invitees = Array.from({ length: 12 }, (_, n) => `invitee-${n}-${Date.now()}@example.com`);
      for (const [n, email] of invitees.entries()) await staffCall(a, cookie, '/api/add-user', { name: `Invitee ${n}`, email, role: 'viewer' });
      // A's mail server has a mail whose 250 OK A never gets: A dies between sending and marking it sent.
      await expect.poll(() => mailA.inFlight.size, { timeout: scaled(30_000), intervals: [20] }).toBeGreaterThan(0);
      const cutOff = [...mailA.inFlight];
      await a.killHard();
      const killedAt = Date.now();
      const received = () => [...mailA.received, ...mailB.received];
      // Every invitee gets their invitation; the one in flight again from B, once A's lease (30 s) ended.
      const resent = () => cutOff.every((to) => mailB.received.some((entry) => entry.to === to));
      await expect.poll(() => resent() && new Set(received().map((entry) => entry.to)).size === invitees.length, { timeout: scaled(90_000), intervals: [500] }).toBe(true);
      expect(Date.now() - killedAt).toBeLessThan(scaled(90_000));
      const idsByRecipient = new Map<string, Set<string>>();
      for (const entry of received()) idsByRecipient.set(entry.to, (idsByRecipient.get(entry.to) ?? new Set()).add(entry.messageId));
      // Sent twice, it is the same mail: one Message-ID per recipient.
      expect([...idsByRecipient.values()].map((ids) => ids.size)).toEqual(invitees.map(() => 1));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Promise.all([mailA.close(), mailB.close()]);
    }
  });

  test('three deploys (SIGTERM, start) during an ingestion: the job is handed back each time and the document completes', async () => {
    const port = E2E_PORT + 9;
    const first = await start(port);
    const cookie = await signIn(first);
    const documentId = await uploadPdf(first, cookie, 'Free Culture, deployed over', LONG_PDF);
    const last = await redeployDuring(() => start(port), first, 'document ingestion started', 3);
    try {
      await expect.poll(() => documentStatus(last, cookie, documentId), { timeout: scaled(240_000), intervals: [1000] }).toBe('completed');
      const chunks = await chunkCounts(database.db, documentId);
      expect(chunks?.total).toBe(chunks?.distinct);
    } finally {
      await last.stop();
    }
  });
});

test.describe('one instance on the embedded database', () => {
  test.setTimeout(scaled(600_000));

  test('writes while the server is killed with kill -9: after a restart every acknowledged write is there, and the counters equal the rows', async () => {
    const settings = environment(E2E_PORT + 11, {});
    const first = await startBuiltServer(settings);
    let answered = 0;
    const writes = Array.from({ length: 400 }, (_, n) => reportMessage(first, n).finally(() => (answered += 1)));
    // Killed in the middle: some writes acknowledged, others in flight.
    await expect.poll(() => answered, { intervals: [5] }).toBeGreaterThanOrEqual(20);
    await first.killHard();
    const acknowledged = (await Promise.all(writes)).filter((id): id is number => id !== undefined);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(acknowledged.length).toBeLessThan(400);
    // The restart recovers the database (PGlite replays its log), then stops so that this test may read it.
    const second = await startBuiltServer(settings);
    await second.stop();
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(settings.DATA_DIR, 'pglite') });
    try {
      const stored = new Set((await sqlRows<{ id: number }>(database.db, sql`SELECT id::int AS id FROM history`)).map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      const [counted] = await sqlRows<{ count: number }>(database.db, sql`SELECT count::int AS count FROM list_counters WHERE name = 'history'`);
      expect(counted?.count).toBe(stored.size);
    } finally {
      await database.close();
    }
  });

  test('killed with a mail in flight: after a restart the same mail (one Message-ID) is sent again, and the rest', async () => {
    const mail = await slowMailServer(1500);
    const settings = environment(E2E_PORT + 11, { SMTP_URL: mail.url });
    const first = await startBuiltServer(settings);
    let second: BuiltServer | undefined;
    try {
      const cookie = await signIn(first);
      const invitees = Array.from({ length: 4 }, (_, n) => `embedded-invitee-${n}-${Date.now()}@example.com`);
      for (const [n, email] of invitees.entries()) await staffCall(first, cookie, '/api/add-user', { name: `Invitee ${n}`, email, role: 'viewer' });
      await expect.poll(() => mail.inFlight.size, { timeout: scaled(30_000), intervals: [20] }).toBeGreaterThan(0);
      const cutOff = [...mail.inFlight];
      await first.killHard();
      second = await startBuiltServer(settings);
      expect(second.output()).toContain('background job(s) interrupted by the last stop will run again.');
      const deliveries = (to: string) => mail.received.filter((entry) => entry.to === to).length;
      // The mail in flight arrives twice (the server got it, the sender never heard so), the same mail both times.
      await expect.poll(() => cutOff.every((to) => deliveries(to) === 2) && invitees.every((to) => deliveries(to) >= 1), { timeout: scaled(60_000), intervals: [500] }).toBe(true);
      for (const to of invitees) expect(new Set(mail.received.filter((entry) => entry.to === to).map((entry) => entry.messageId)).size).toBe(1);
    } finally {
      await Promise.all([first.stop(), second?.stop()]);
      await mail.close();
    }
  });

  test('three deploys (SIGTERM, start) during an ingestion: the document completes, no attempt used up; npm run backup while it runs, restored into a new DATA_DIR', async () => {
    const settings = environment(E2E_PORT + 11, {});
    const start = () => startBuiltServer(settings);
    const first = await start();
    const cookie = await signIn(first);
    const documentId = await uploadPdf(first, cookie, 'TraceMonkey, embedded', SHORT_PDF);
    const last = await redeployDuring(start, first, 'document parsed, embedding its chunks', 3);
    const backup = path.join(scratch(), 'steward.tar.gz');
    try {
      await expect.poll(() => documentStatus(last, cookie, documentId), { timeout: scaled(240_000), intervals: [1000] }).toBe('completed');
      // npm run backup while the server runs (through its socket in DATA_DIR), then a restore into a new DATA_DIR.
      const backedUp = runScript('backup', backup, settings.DATA_DIR);
      expect(backedUp.status, backedUp.stderr).toBe(0);
      expect(backedUp.stdout).toContain(`to ${backup}`);
    } finally {
      await last.stop();
    }
    const restoredSettings = { ...settings, DATA_DIR: path.join(scratch(), 'restored') };
    const restoring = runScript('restore', backup, restoredSettings.DATA_DIR);
    expect(restoring.status, restoring.stderr).toBe(0);
    const restored = await startBuiltServer(restoredSettings);
    try {
      expect(await documentStatus(restored, await signIn(restored), documentId)).toBe('completed');
    } finally {
      await restored.stop();
    }
  });
});
