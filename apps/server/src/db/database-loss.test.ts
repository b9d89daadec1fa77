import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNREACHABLE_MESSAGE, HEALTH_MESSAGES } from '@steward/contract/health';
import { enqueueJob } from '../jobs/job-queue.ts';
import { startJobWorker } from '../jobs/job-worker.ts';
import { jobs } from '../db/schema.ts';
import { type CuttableProxy, startCuttableProxy } from '../test/cuttable-proxy.ts';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../test/test-app.ts';
import { onPostgres, openTestDatabase, testPostgresAddress } from '../test/test-database.ts';
import { sqlRows } from './sql-rows.ts';
import { scaled } from '../test/slowdown.ts';

/**
 * Issue 52: an instance that loses its PostgreSQL server (a restart, a failover, pg_terminate_backend) stays up,
 * answers 503 while it is gone and comes back by itself. The connection goes through a proxy the test cuts, so
 * the shared test server runs on for the other test files; pg_terminate_backend ends only this file's backends.
 */
describe.skipIf(!onPostgres())('losing the PostgreSQL server', () => {
  const lines: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  /** Exceptions nothing caught: a connection's 'error' event without a listener threw here and killed the process. */
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => void uncaught.push(error);
  let proxy: CuttableProxy;
  let testApp: TestApp;
  beforeAll(async () => {
    process.on('uncaughtException', recordUncaught);
    proxy = await startCuttableProxy(testPostgresAddress());
    const database = await openTestDatabase({ through: (url) => proxy.through(url) });
    testApp = await createTestApp({ LOG_LEVEL: 'info' }, { logStream, database });
  });
  afterAll(async () => {
    await testApp?.close();
    await proxy?.close();
    process.off('uncaughtException', recordUncaught);
  });
  afterEach(async () => {
    await proxy.restore().catch(() => undefined);
    await expect.poll(async () => (await testApp.client().get('/api/health')).status, { timeout: scaled(15_000) }).toBe(200);
    expect(uncaught).toEqual([]);
  });

  const said = (message: string) => lines.filter((line) => line.msg.startsWith(message));
  const reportMessage = (n: number) =>
    fetch(`${testApp.baseUrl}/api/bot/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_BOT_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: `loss-${n}`, user_message: `Question ${n}`, api_response: `Answer ${n}` }),
    });
  /** The current database's backends that serve this test app (not the admin connection asking). */
  const terminateBackends = async () => {
    const [row] = await sqlRows<{ name: string }>(testApp.db, sql`SELECT current_database() AS name`);
    const admin = new pg.Client({ connectionString: `postgres://steward@${testPostgresAddress().host}:${testPostgresAddress().port}/postgres` });
    await admin.connect();
    try {
      // In the select list, so that only the rows the WHERE kept are terminated (a WHERE's order is the planner's).
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [row?.name]);
      return ended.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };

  it('answers 503 with the reason while the server is gone, health too, with one warning; when it is back, 200 and one line', async () => {
    lines.length = 0;
    expect((await reportMessage(1)).status).toBe(200);
    await proxy.cut();
    const refused = await reportMessage(2);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ success: false, error: { message: DATABASE_UNREACHABLE_MESSAGE } });
    await expect.poll(async () => (await testApp.client().get('/api/health')).body, { timeout: scaled(15_000) }).toEqual({ success: false, error: { message: HEALTH_MESSAGES.databaseDown } });
    expect((await testApp.client().get('/api/health/ready')).status).toBe(503);
    // Known gone: calls are refused at once, with nothing asked of the database.
    for (let n = 3; n < 13; n += 1) expect((await reportMessage(n)).status).toBe(503);

    await proxy.restore();
    await expect.poll(async () => (await testApp.client().get('/api/health')).status, { timeout: scaled(15_000) }).toBe(200);
    expect((await reportMessage(13)).status).toBe(200);
    expect(said('The database does not answer')).toHaveLength(1);
    expect(said('The database answers again')).toHaveLength(1);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('survives its backends terminated in the middle of a transaction (pg_terminate_backend): the transaction fails, nothing crashes', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const transaction = testApp.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      inside();
      await held;
      await tx.execute(sql`SELECT 2`);
    });
    const outcome = transaction.then(
      () => 'committed',
      () => 'failed',
    );
    await entered;
    try {
      expect(await terminateBackends()).toBeGreaterThan(0);
      // The connection's end reaches the client between two of the transaction's statements.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      goOn();
    }
    expect(await outcome).toBe('failed');
    expect(uncaught).toEqual([]);
    expect((await reportMessage(20)).status).toBe(200);
  });

  it('pauses the job worker while the server is gone and hands the job it cut off back, its attempt unused', async () => {
    lines.length = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    const runs: number[] = [];
    const id = await enqueueJob(testApp.db, 'test-loss', {}, { maxAttempts: 3 });
    const worker = startJobWorker(
      testApp.db,
      new Map([
        [
          'test-loss',
          async (_payload: Record<string, unknown>, { attempt }: { attempt: number }) => {
            runs.push(attempt);
            started();
            await held;
            await testApp.db.execute(sql`SELECT 1`);
          },
        ],
      ]),
      testApp.context.log,
      { pollMs: 50, owner: 'loss-test:1', reachability: testApp.context.databaseReachability },
    );
    try {
      await running;
      await proxy.cut();
      goOn();
      await expect.poll(() => said('The database does not answer').length, { timeout: scaled(15_000) }).toBe(1);
      await proxy.restore();
      await expect.poll(async () => (await sqlRows<{ status: string }>(testApp.db, sql`SELECT status FROM jobs WHERE id = ${id}`))[0]?.status, { timeout: scaled(15_000) }).toBe('done');
      const [row] = await testApp.db.select({ attempts: jobs.attempts }).from(jobs).where(sql`id = ${id}`);
      // Run twice, the first cut off by the loss: one attempt used, not two, and no 30 s back-off.
      expect(runs).toEqual([1, 1]);
      expect(row?.attempts).toBe(1);
      expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    } finally {
      await worker.stop(1000);
    }
  });
});
