import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_MESSAGES } from '@steward/contract/health';
import { allMigrations } from '../../db/migrations/all-migrations.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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
