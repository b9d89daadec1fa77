import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { migrate } from './migrate.ts';
import { sqlRows } from './sql-rows.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('migrations', () => {
  it('seed the role capabilities of the contract', async () => {
    const rows = await sqlRows<{ role: 'admin' | 'viewer'; capability: string }>(testApp.db, sql`SELECT role, capability FROM role_capabilities`);
    for (const role of ['admin', 'viewer'] as const) {
      expect(new Set(rows.filter((row) => row.role === role).map((row) => row.capability))).toEqual(new Set(DEFAULT_ROLE_CAPABILITIES[role]));
    }
  });

  it('run again as a no-op', async () => {
    const messages: string[] = [];
    await migrate(testApp.database, { info: (message) => messages.push(message), warn: (message) => messages.push(message) });
    expect(messages.filter((message) => message.startsWith('Applied'))).toEqual([]);
  });
});
