import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_MESSAGES, type AuditEntry, type AuditLogPerson } from '@steward/contract/audit-log';
import { PAGE_SIZE } from '@steward/contract/paging';
import { sqlRows } from '../../db/sql-rows.ts';
import { cleanUp } from '../../worker/clean-up.ts';
import { NOT_ALLOWED, NOT_LOGGED_IN } from '../../plugins/access.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeExpiredAuditEntries } from './audit-log-retention.ts';

let testApp: TestApp;
let admin: ApiClient;
let adminId: number;
beforeAll(async () => {
  testApp = await createTestApp({ AUDIT_RETENTION_DAYS: '30' });
  const signedIn = await testApp.signedInClient('admin', { name: 'Ada Auditor' });
  admin = signedIn.client;
  adminId = signedIn.user.id;
  await seed();
});
afterAll(() => testApp.close());

interface Seed {
  time: string;
  actorId: number | null;
  name: string | null;
  action: string;
  objectType?: string;
  objectId?: number;
}

const insertEntry = (entry: Seed) =>
  testApp.db.execute(sql`
    INSERT INTO audit_log (time, actor_id, actor_name, actor_email, action, object_type, object_id, object_label, ip)
    VALUES (${entry.time}::timestamptz, ${entry.actorId}, ${entry.name}, ${entry.name ? `${entry.name.toLowerCase()}@example.com` : 'tried@example.com'},
            ${entry.action}, ${entry.objectType ?? null}, ${entry.objectId ?? null}, 'label', '192.0.2.1')`);

/** 40 sign-ins by person 901 (one a day from 2026-02-01), 5 failed sign-ins, 3 deletions by person 902. */
async function seed(): Promise<void> {
  for (let day = 0; day < 40; day += 1) {
    await insertEntry({ time: new Date(Date.UTC(2026, 1, 1, 12) + day * 86_400_000).toISOString(), actorId: 901, name: 'Nina Newer', action: 'sign_in' });
  }
  await insertEntry({ time: '2026-01-01T12:00:00Z', actorId: 901, name: 'Nina Older', action: 'sign_in' });
  for (let index = 0; index < 5; index += 1) {
    await insertEntry({ time: `2026-01-0${index + 2}T23:30:00Z`, actorId: null, name: null, action: 'sign_in_failed' });
  }
  for (let index = 0; index < 3; index += 1) {
    await insertEntry({ time: `2026-01-1${index}T08:00:00Z`, actorId: 902, name: 'Otto Operator', action: 'user_deleted', objectType: 'user', objectId: 902_000 + index });
  }
}

type Page = { rows: AuditEntry[]; total_count: number };
async function page(pageIndex: number, filters: Record<string, unknown> = {}, client = admin): Promise<Page> {
  const answer = await client.post<{ data: Page }>(`/api/audit-log/${pageIndex}`, filters);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

describe('POST /api/audit-log/{pageIndex}', () => {
  it('lists 30 entries a page, newest first, with the total', async () => {
    const first = await page(0, { actor_id: 901 });
    expect(first.total_count).toBe(41);
    expect(first.rows).toHaveLength(PAGE_SIZE.auditLog);
    expect(first.rows[0]).toMatchObject({ actor_id: 901, actor_name: 'Nina Newer', action: 'sign_in', ip: '192.0.2.1', time: '2026-03-12T12:00:00.000Z' });
    const times = first.rows.map((row) => row.time);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await page(1, { actor_id: 901 });
    expect(second.rows).toHaveLength(11);
    expect(second.rows.at(-1)).toMatchObject({ actor_name: 'Nina Older' });
    expect((await page(5, { actor_id: 901 })).rows).toEqual([]);
  });

  it('filters by action, and by person and action together', async () => {
    const failed = await page(0, { action: 'sign_in_failed' });
    expect(failed.total_count).toBe(5);
    expect(failed.rows.every((row) => row.action === 'sign_in_failed' && row.actor_id === null && row.actor_email === 'tried@example.com')).toBe(true);
    expect((await page(0, { actor_id: 902, action: 'user_deleted' })).total_count).toBe(3);
    expect((await page(0, { actor_id: 901, action: 'user_deleted' })).total_count).toBe(0);
  });

  it('filters by a group of actions: every identity event (sign-ins, factors, sessions ended), nothing else', async () => {
    await insertEntry({ time: '2025-07-01T00:00:00Z', actorId: 904, name: 'Ida Identity', action: 'document_deleted' });
    await insertEntry({ time: '2025-07-02T00:00:00Z', actorId: 904, name: 'Ida Identity', action: 'session_ended' });
    await insertEntry({ time: '2025-07-03T00:00:00Z', actorId: 904, name: 'Ida Identity', action: 'second_factor_enrolled' });
    await insertEntry({ time: '2025-07-04T00:00:00Z', actorId: 904, name: 'Ida Identity', action: 'bot_settings_changed' });
    expect((await page(0, { actor_id: 904, action_group: 'identity' })).rows.map((row) => row.action)).toEqual(['second_factor_enrolled', 'session_ended']);
    expect((await page(0, { actor_id: 904 })).total_count).toBe(4);
  });

  it('filters by days in the viewer\'s time zone, both days included', async () => {
    // 2026-01-02T23:30Z is still January 2 in UTC, but January 3 at UTC+1.
    expect((await page(0, { action: 'sign_in_failed', from: '2026-01-02', to: '2026-01-02' })).total_count).toBe(1);
    expect((await page(0, { action: 'sign_in_failed', from: '2026-01-02', to: '2026-01-02', timezone_offset_hours: 1 })).total_count).toBe(0);
    expect((await page(0, { action: 'sign_in_failed', from: '2026-01-03', to: '2026-01-03', timezone_offset_hours: 1 })).total_count).toBe(1);
    expect((await page(0, { action: 'sign_in_failed', from: '2026-01-04' })).total_count).toBe(3);
    expect((await page(0, { action: 'sign_in_failed', to: '2026-01-03' })).total_count).toBe(2);
    expect((await page(0, { from: '2026-01-10', to: '2026-01-11' })).rows.map((row) => row.object_id)).toEqual([902_001, 902_000]);
  });

  it('says whether each object still exists', async () => {
    const user = await testApp.createUser({ name: 'Still Here' });
    await insertEntry({ time: '2025-06-01T00:00:00Z', actorId: 903, name: 'Exists Check', action: 'user_invited', objectType: 'user', objectId: user.id });
    const rows = (await page(0, { actor_id: 903 })).rows;
    expect(rows.map((row) => row.object_exists)).toEqual([true]);
    expect((await page(0, { actor_id: 902 })).rows.map((row) => row.object_exists)).toEqual([false, false, false]);
  });

  it('refuses bad filters with a clear 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-02-30' }, AUDIT_LOG_MESSAGES.dateInvalid],
      [{ to: 'yesterday' }, AUDIT_LOG_MESSAGES.dateInvalid],
      [{ from: '2026-03-02', to: '2026-03-01' }, AUDIT_LOG_MESSAGES.datesReversed],
      [{ timezone_offset_hours: 15 }, AUDIT_LOG_MESSAGES.offsetInvalid],
    ];
    for (const [filters, message] of cases) {
      const answer = await admin.post('/api/audit-log/0', filters);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(message);
    }
    const unknownAction = await admin.post('/api/audit-log/0', { action: 'rewrote_history' });
    expect(unknownAction.status).toBe(400);
    expect(unknownAction.body.error?.message).toMatch(/action/);
  });

  it('is for those with read_audit_log: a viewer gets 403, nobody signed in 401', async () => {
    const { client: viewer } = await testApp.signedInClient('viewer');
    const refused = await viewer.post('/api/audit-log/0', {});
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(NOT_ALLOWED);
    expect((await viewer.get('/api/audit-log-people')).status).toBe(403);
    const anonymous = await testApp.client().post('/api/audit-log/0', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.message).toBe(NOT_LOGGED_IN);
  });

  it('has no call that changes or removes entries', async () => {
    const writes = testApp.routes.filter((route) => route.url.includes('audit-log') && route.method !== 'GET' && route.method !== 'HEAD');
    expect(writes.map((route) => `${route.method} ${route.url}`)).toEqual(['POST /api/audit-log/:pageIndex']);
  });
});

describe('GET /api/audit-log-people', () => {
  it('lists everyone who appears as an actor once, by name, with their latest name', async () => {
    const answer = await admin.get<{ data: { rows: AuditLogPerson[] } }>('/api/audit-log-people');
    expect(answer.status).toBe(200);
    const people = answer.body.data.rows;
    expect(people.find((person) => person.actor_id === 901)).toEqual({ actor_id: 901, name: 'Nina Newer', email: 'nina newer@example.com' });
    expect(people.filter((person) => person.actor_id === 901)).toHaveLength(1);
    expect(people.map((person) => person.actor_id)).toContain(adminId);
    const names = people.map((person) => person.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });
});

/** Drizzle wraps the database's error ("Failed query: …"); the trigger's own words are its cause. */
const refusedAsAppendOnly = (error: unknown): boolean => {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && /^The audit log is append-only: (UPDATE|DELETE|TRUNCATE) is not allowed\.$/.test(cause.message);
};

describe('append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries, even with the purge switch at a recent cut-off', async () => {
    await expect(testApp.db.execute(sql`UPDATE audit_log SET actor_name = 'Someone Else' WHERE actor_id = 901`)).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(testApp.db.execute(sql`DELETE FROM audit_log WHERE actor_id = 902`)).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(testApp.db.execute(sql`TRUNCATE audit_log`)).rejects.toSatisfy(refusedAsAppendOnly);
    // A purge cut-off younger than a day is no cut-off at all.
    await expect(
      testApp.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('steward.audit_purge_before', now()::text, true)`);
        await tx.execute(sql`DELETE FROM audit_log WHERE actor_id = 902`);
      }),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    // The purge switch does not open UPDATE either.
    await expect(
      testApp.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('steward.audit_purge_before', (now() - interval '10 days')::text, true)`);
        await tx.execute(sql`UPDATE audit_log SET ip = '' WHERE actor_id = 902`);
      }),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    expect((await page(0, { actor_id: 902 })).rows.map((row) => row.actor_name)).toEqual(['Otto Operator', 'Otto Operator', 'Otto Operator']);
  });
});

describe('retention', () => {
  it('purges only entries older than AUDIT_RETENTION_DAYS, in the hourly clean-up', async () => {
    const own = await testApp.createUser({ name: 'Rhea Retention' });
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await insertEntry({ time: recent, actorId: own.id, name: 'Rhea Retention', action: 'sign_in' });
    await insertEntry({ time: old, actorId: own.id, name: 'Rhea Retention', action: 'sign_out' });
    const before = Number((await sqlRows<{ count: number }>(testApp.db, sql`SELECT count(*)::int AS count FROM audit_log`))[0]?.count);

    const counts = await cleanUp(testApp.db, testApp.config);

    const left = await sqlRows<{ action: string }>(testApp.db, sql`SELECT action FROM audit_log WHERE actor_id = ${own.id}`);
    expect(left.map((entry) => entry.action)).toEqual(['sign_in']);
    // Everything seeded in 2026's first months is older than 30 days too (the test runs later), and
    // the sign-ins of this file are newer: exactly the entries past the cut-off went.
    const after = Number((await sqlRows<{ count: number }>(testApp.db, sql`SELECT count(*)::int AS count FROM audit_log`))[0]?.count);
    expect(counts.auditEntries).toBe(before - after);
    const [oldest] = await sqlRows<{ time: string }>(testApp.db, sql`SELECT min(time) AS time FROM audit_log`);
    expect(new Date(String(oldest?.time)).getTime()).toBeGreaterThan(Date.now() - 30 * 86_400_000);
    // Nothing more to purge.
    expect(await purgeExpiredAuditEntries(testApp.db, 30)).toBe(0);
  });
});
