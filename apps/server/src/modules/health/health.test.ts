import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNREACHABLE_MESSAGE, HEALTH_MESSAGES } from '@steward/contract/health';
import type { Database } from '../../db/client.ts';
import { allMigrations } from '../../db/migrations/all-migrations.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { scaled } from '../../test/slowdown.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/health and /api/health/ready', () => {
  it('are both 200 on a database with this version\'s migrations, for anyone', async () => {
    expect((await testApp.client().get('/api/health')).status).toBe(200);
    const ready = await testApp.client().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ success: true });
  });

  it('ready is 503, with the reason, on a database a newer version migrated', async () => {
    await testApp.db.execute(sql`INSERT INTO schema_migrations (name) VALUES ('9999-from-the-future')`);
    try {
      const ready = await testApp.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error?.message).toBe(HEALTH_MESSAGES.newerDatabase(['9999-from-the-future']));
      // Still alive: a restart would not help, a deploy of the new version would.
      expect((await testApp.client().get('/api/health')).status).toBe(200);
    } finally {
      await testApp.db.execute(sql`DELETE FROM schema_migrations WHERE name = '9999-from-the-future'`);
    }
  });

  it('ready is 503 on a database that lacks one of this version\'s migrations', async () => {
    const last = allMigrations.findLast((migration) => !migration.requiresExtension)?.name ?? '';
    await testApp.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${last}`);
    try {
      const ready = await testApp.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error?.message).toBe(HEALTH_MESSAGES.pendingMigrations([last]));
    } finally {
      await testApp.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last})`);
    }
  });
});

describe('GET /api/health while the database is gone, and during a graceful stop', () => {
  it('both answer 503 with the reason while the database does not answer, and 200 again once it does', async () => {
    const state = { gone: false };
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const real = await openTestDatabase();
    // A PostgreSQL server that can go away: its queries and new connections fail while `gone`.
    const database: Database = {
      ...real,
      query: async <Row>(text: string, params?: unknown[]) => {
        if (state.gone) throw refused();
        return real.query<Row>(text, params);
      },
      checkConnection: async () => {
        if (state.gone) throw refused();
      },
    };
    const app = await createTestApp({}, { database });
    try {
      expect((await app.client().get('/api/health')).status).toBe(200);
      state.gone = true;
      const health = await app.client().get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ success: false, error: { message: HEALTH_MESSAGES.databaseDown } });
      await expect.poll(() => app.context.databaseReachability.reachable).toBe(false);
      const ready = await app.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error?.message).toBe(HEALTH_MESSAGES.databaseDown);
      // Every other call answers 503 at once, with when to try again.
      const call = await app.client().get('/api/authenticate-user');
      expect(call.status).toBe(503);
      expect(call.body).toEqual({ success: false, error: { message: DATABASE_UNREACHABLE_MESSAGE } });
      expect(call.headers.get('retry-after')).toBe('5');

      state.gone = false;
      await expect.poll(async () => (await app.client().get('/api/health')).status, { timeout: scaled(10_000) }).toBe(200);
      expect((await app.client().get('/api/health/ready')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('both answer 503 "stopping" from the moment a graceful stop begins, and every answer closes its connection', async () => {
    const app = await createTestApp();
    try {
      app.context.draining.begin();
      for (const path of ['/api/health', '/api/health/ready']) {
        const answer = await app.client().get(path);
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ success: false, error: { message: HEALTH_MESSAGES.stopping } });
      }
      // The instance still serves while the load balancer takes it out.
      const served = await app.client().get('/api/app-info');
      expect(served.status).toBe(200);
      expect(served.headers.get('connection')).toBe('close');
    } finally {
      await app.close();
    }
  });
});
