import { sql } from 'drizzle-orm';
import { DATABASE_UNREACHABLE_MESSAGE, HEALTH_MESSAGES } from '@steward/contract/health';
import { type Db, nginxBinary, openDatabase, type PostgresServer, sqlRows, startNginx, startPostgresServer } from '@steward/server/test-support';
import { type BuiltServer, startBuiltServer } from '../support/built-server.ts';
import { staffCall } from '../support/built-server-calls.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { documentedNginxConfig } from '../support/nginx.ts';
import { environment, hasPostgres, type MailServer, postMessage, signIn, skipWithoutPostgres, slowMailServer } from '../support/several-instances.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * Issue 52: two instances of the shipped bundle on one PostgreSQL server (started here) while that server
 * restarts, stops, and has its backends terminated, and while the instances are redeployed behind nginx with
 * docs/operations.md's configuration. Each test finds one fault the outside operations probe found.
 */
test.describe.configure({ mode: 'serial' });

interface Load {
  /** How many writes were acknowledged (200) so far. */
  acknowledged(): number;
  /** Ends the load and answers every write's outcome. */
  stop(): Promise<{ status: number; id?: number }[]>;
}

/**
 * Light writes through each instance (two writers each, a short pause between writes), bounded in count and
 * in time, as the chatbot reports exchanges.
 */
function lightWrites(urls: readonly string[], { maxWrites = 1500, maxMs = 120_000 } = {}): Load {
  const outcomes: { status: number; id?: number }[] = [];
  let stopped = false;
  let n = 0;
  const until = Date.now() + maxMs;
  const writer = async (url: string) => {
    while (!stopped && n < maxWrites && Date.now() < until) {
      n += 1;
      outcomes.push(await postMessage(url, n));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const writers = urls.flatMap((url) => [writer(url), writer(url)]);
  return {
    acknowledged: () => outcomes.filter((outcome) => outcome.status === 200).length,
    stop: async () => {
      stopped = true;
      await Promise.all(writers);
      return outcomes;
    },
  };
}

const healthOf = async (server: BuiltServer) => {
  const answer = await fetch(`${server.url}/api/health`).catch(() => undefined);
  return answer ? { status: answer.status, body: (await answer.json()) as unknown } : { status: 0, body: undefined };
};

test.describe('two instances while their PostgreSQL server restarts, stops and loses backends', () => {
  test.skip(!hasPostgres, skipWithoutPostgres);
  test.setTimeout(scaled(300_000));
  let postgres: PostgresServer;
  let database: { db: Db; query<Row>(text: string, params?: unknown[]): Promise<Row[]>; close(): Promise<void> };
  let servers: BuiltServer[] = [];
  let mail: MailServer;
  /** What the mail server does before answering, set by a test. */
  let beforeMailAnswer: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    postgres = await startPostgresServer();
    const admin = await openDatabase({ kind: 'postgres', url: postgres.url('postgres') });
    await admin.query('CREATE DATABASE steward');
    await admin.close();
    database = await openDatabase({ kind: 'postgres', url: postgres.url('postgres') });
    mail = await slowMailServer(50, () => beforeMailAnswer?.() ?? Promise.resolve());
    const settings = (port: number) => environment(port, { DATABASE_URL: postgres.url('steward'), SMTP_URL: mail.url, STOP_DRAIN_SECONDS: '1' });
    servers = await Promise.all([startBuiltServer(settings(E2E_PORT + 12)), startBuiltServer(settings(E2E_PORT + 13))]);
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await postgres?.stop();
    await mail?.close();
  });

  const steward = () => openDatabase({ kind: 'postgres', url: postgres.url('steward') });
  /** Every acknowledged write (a 200 with its id) is stored, and the history counter equals the rows. */
  async function expectAcknowledgedStored(outcomes: readonly { status: number; id?: number }[]): Promise<void> {
    const stored = await steward();
    try {
      const ids = new Set((await sqlRows<{ id: number }>(stored.db, sql`SELECT id::int AS id FROM history`)).map((row) => row.id));
      const acknowledged = outcomes.flatMap((outcome) => (outcome.id === undefined ? [] : [outcome.id]));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      const [counted] = await sqlRows<{ count: number }>(stored.db, sql`SELECT count::int AS count FROM list_counters WHERE name = 'history'`);
      expect(counted?.count).toBe(ids.size);
    } finally {
      await stored.close();
    }
  }
  /** Both instances answer and have written no crash (a stack trace without a JSON line, an uncaught exception). */
  async function expectBothUp(): Promise<void> {
    for (const server of servers) {
      await expect.poll(async () => (await healthOf(server)).status, { timeout: scaled(30_000) }).toBe(200);
      expect(server.output()).not.toMatch(/uncaught exception|unhandled promise rejection|^\s+at /m);
    }
  }
  const linesSince = (server: BuiltServer, from: number, text: string) => server.output().slice(from).split('\n').filter((line) => line.includes(text)).length;

  test('PostgreSQL restarted three times (pg_ctl restart -m fast) under light writes: both instances stay up, answer 503 (never 500, never a dropped connection) while it restarts, and every acknowledged write is stored', async () => {
    const load = lightWrites(servers.map((server) => server.url));
    for (let restart = 0; restart < 3; restart += 1) {
      await postgres.restart();
      await expectBothUp();
    }
    const outcomes = await load.stop();
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
    await expectAcknowledgedStored(outcomes);
    for (const server of servers) {
      // However many calls failed, the instance says the database went and came back as a pair of lines, if at all.
      expect(linesSince(server, 0, 'The database answers again')).toBe(linesSince(server, 0, 'The database does not answer'));
    }
  });

  test('PostgreSQL stopped: calls and health answer 503 with the reason, one warning line an instance; started again, both come back by themselves with one line each', async () => {
    const from = servers.map((server) => server.output().length);
    await postgres.pause();
    for (const server of servers) {
      await expect.poll(() => healthOf(server), { timeout: scaled(30_000) }).toEqual({ status: 503, body: { success: false, error: { message: HEALTH_MESSAGES.databaseDown } } });
      expect(await postMessage(server.url, 1)).toEqual({ status: 503, body: { success: false, error: { message: DATABASE_UNREACHABLE_MESSAGE } } });
    }
    await postgres.start();
    await expectBothUp();
    for (const [index, server] of servers.entries()) {
      expect((await postMessage(server.url, 2)).status).toBe(200);
      expect(linesSince(server, from[index] ?? 0, 'The database does not answer')).toBe(1);
      expect(linesSince(server, from[index] ?? 0, 'The database answers again')).toBe(1);
    }
  });

  test('busy backends terminated in the middle of their transactions (pg_terminate_backend) under light writes: both stay up and every acknowledged write is stored', async () => {
    const load = lightWrites(servers.map((server) => server.url));
    let busy = 0;
    // Until five busy backends were ended, and writes were acknowledged between the terminations too.
    for (let round = 0; round < 300 && (busy < 5 || load.acknowledged() < 20); round += 1) {
      // In the select list, so that only the rows the WHERE kept are terminated.
      const ended = await database.query<{ state: string }>(
        "SELECT state, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'steward' AND backend_type = 'client backend' AND state IN ('active', 'idle in transaction')",
      );
      busy += ended.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outcomes = await load.stop();
    await expectBothUp();
    expect(busy).toBeGreaterThanOrEqual(5);
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
    await expectAcknowledgedStored(outcomes);
  });

  test('a mail the mail server accepts while PostgreSQL is stopped is recorded sent when it is back, and sent once', async () => {
    const invitee = `outage-invitee-${Date.now()}@example.com`;
    let restarted: Promise<void> | undefined;
    beforeMailAnswer = async () => {
      beforeMailAnswer = undefined;
      await postgres.pause();
      restarted = new Promise((resolve) => setTimeout(resolve, 3000)).then(() => postgres.start());
    };
    const cookie = await signIn(servers[0] as BuiltServer);
    await staffCall(servers[0] as BuiltServer, cookie, '/api/add-user', { name: 'Outage Invitee', email: invitee, role: 'viewer' });
    await expect.poll(() => restarted !== undefined, { timeout: scaled(30_000) }).toBe(true);
    await restarted;
    await expectBothUp();
    const stored = await steward();
    try {
      const job = async () =>
        (await sqlRows<{ status: string; attempts: number }>(stored.db, sql`SELECT status, attempts FROM jobs WHERE queue = 'mail' AND payload->>'to' = ${invitee}`))[0];
      // Left running, its lease would end and an instance would send it again (same Message-ID, a second mail).
      await expect.poll(job, { timeout: scaled(20_000) }).toEqual({ status: 'done', attempts: 1 });
    } finally {
      await stored.close();
    }
    expect(mail.received.filter((entry) => entry.to === invitee)).toHaveLength(1);
    expect(servers.map((server) => server.output()).join('\n')).toContain('"msg":"mail sent"');
  });
});

test.describe('two instances redeployed one after the other behind nginx (docs/operations.md\'s example)', () => {
  test.skip(!hasPostgres, skipWithoutPostgres);
  test.skip(!nginxBinary, 'nginx is not installed (scripts/ensure-nginx.sh installs it).');
  test.setTimeout(scaled(300_000));

  test('readers get no error at all, and a writer that retries as docs/operations.md says loses no write', async () => {
    const postgres = await startPostgresServer();
    const [portA, portB, nginxPort] = [E2E_PORT + 14, E2E_PORT + 15, E2E_PORT + 16];
    const settings = (port: number) => environment(port, { DATABASE_URL: postgres.url('postgres'), STOP_DRAIN_SECONDS: '2', TRUST_PROXY: 'loopback' });
    const [settingsA, settingsB] = [settings(portA), settings(portB)];
    const instances = await Promise.all([startBuiltServer(settingsA), startBuiltServer(settingsB)]);
    const url = `http://127.0.0.1:${nginxPort}`;
    const nginx = await startNginx(documentedNginxConfig([`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], nginxPort), url);
    let stopped = false;
    const reads: number[] = [];
    const writes: { status: number; id?: number; tries: number }[] = [];
    try {
      const cookie = await signIn({ url });
      const reader = async () => {
        while (!stopped && reads.length < 20_000) {
          reads.push(await fetch(`${url}/api/authenticate-user`, { headers: { cookie } }).then((answer) => answer.status, () => 0));
        }
      };
      // docs/operations.md: a writer retries a call that answered 502, 503 or 504, or got no answer.
      const writer = async () => {
        for (let n = 0; !stopped && n < 3000; n += 1) {
          let outcome = await postMessage(url, n);
          let tries = 1;
          while ([0, 502, 503, 504].includes(outcome.status) && tries < 5) {
            await new Promise((resolve) => setTimeout(resolve, 200 * tries));
            outcome = await postMessage(url, n);
            tries += 1;
          }
          writes.push({ ...outcome, tries });
        }
      };
      const load = [reader(), reader(), reader(), writer()];
      // A deploy: each instance in turn stopped (SIGTERM) and started again, the other serving meanwhile.
      // The next is stopped only once nginx sends requests to the one started again (it keeps an instance it saw
      // fail out for fail_timeout), as docs/operations.md says.
      for (const [index, environmentOf] of [settingsA, settingsB].entries()) {
        await instances[index]?.stop();
        const started = await startBuiltServer(environmentOf);
        instances[index] = started;
        await started.waitForOutput('"url":"/api/authenticate-user"', scaled(60_000));
      }
      await expect.poll(() => reads.length, { timeout: scaled(30_000) }).toBeGreaterThan(200);
      stopped = true;
      await Promise.all(load);
      expect(reads.filter((status) => status !== 200), nginx.log()).toEqual([]);
      expect(writes.filter((write) => write.status !== 200)).toEqual([]);
      const retried = writes.filter((write) => write.tries > 1).length;
      test.info().annotations.push({ type: 'deploys', description: `${reads.length} reads, ${writes.length} writes (${retried} retried) through nginx during two deploys` });
      const database = await openDatabase({ kind: 'postgres', url: postgres.url('postgres') });
      try {
        const ids = new Set((await sqlRows<{ id: number }>(database.db, sql`SELECT id::int AS id FROM history`)).map((row) => row.id));
        expect(writes.filter((write) => write.id !== undefined && !ids.has(write.id))).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      stopped = true;
      await nginx.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await postgres.stop();
    }
  });
});
