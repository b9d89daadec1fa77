import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../db/sql-rows.ts';
import { ACCOUNT_RATE_LIMITS } from '../modules/auth/account-rate-limits.ts';
import { LOGIN_ALERT_PER_ACCOUNT } from '../modules/auth/login-alert.ts';
import { LOGIN_LIMIT_PER_ADDRESS, LOGIN_THROTTLE } from '../modules/auth/login-throttle.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { CLEAN_UP_EVERY_MS, CLEAN_UP_QUEUE, cleanUp, scheduleCleanUp } from './clean-up.ts';
import { ENDED_JOB_KEPT_DAYS, runNextJob } from '../jobs/job-queue.ts';
import { RATE_LIMIT_KEPT_HOURS } from '../lib/rate-limit.ts';
import { SPENT_TOKEN_DAYS } from '../modules/auth/auth-expiry.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

async function keysOf(table: 'sessions' | 'auth_tokens' | 'rate_limits' | 'login_throttles' | 'jobs' | 'trusted_browsers', column: string): Promise<string[]> {
  const rows = await sqlRows<{ key: string }>(testApp.db, sql`SELECT ${sql.raw(column)}::text AS key FROM ${sql.raw(table)} ORDER BY 1`);
  return rows.map((row) => row.key);
}

describe('the clean-up job', () => {
  it('deletes expired sessions, spent keys, old jobs, stale rate limits and untrusted browsers, and keeps the rest', async () => {
    const user = await testApp.createUser({ email: 'clean-up@example.com' });
    const session = (label: string, created: ReturnType<typeof sql>, expires: ReturnType<typeof sql>) =>
      testApp.db.execute(sql`INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at)
        VALUES (${label}, ${user.id}, ${created}, now(), ${expires})`);
    await session('live', sql`now()`, sql`now() + interval '1 day'`);
    await session('idle-expired', daysAgo(8), sql`now() - interval '1 day'`);
    await session('too-old', daysAgo(31), sql`now() + interval '1 day'`);

    const token = (label: string, expires: ReturnType<typeof sql>, used: ReturnType<typeof sql> | null) =>
      testApp.db.execute(sql`INSERT INTO auth_tokens (token_hash, purpose, email, expires_at, used_at)
        VALUES (${label}, 'password_reset', 'clean-up@example.com', ${expires}, ${used ?? sql`NULL`})`);
    await token('unused', sql`now() + interval '1 hour'`, null);
    await token('used-lately', sql`now() + interval '1 hour'`, daysAgo(2));
    await token('expired-lately', daysAgo(3), null);
    await token('used-long-ago', daysAgo(40), daysAgo(SPENT_TOKEN_DAYS + 1));
    await token('expired-long-ago', daysAgo(SPENT_TOKEN_DAYS + 1), null);

    const job = (queue: string, status: string, finished: ReturnType<typeof sql> | null) =>
      testApp.db.execute(sql`INSERT INTO jobs (queue, status, finished_at) VALUES (${queue}, ${status}, ${finished ?? sql`NULL`})`);
    await job('old-done', 'done', daysAgo(ENDED_JOB_KEPT_DAYS.done + 1));
    await job('new-done', 'done', daysAgo(1));
    await job('old-failed', 'failed', daysAgo(ENDED_JOB_KEPT_DAYS.failed + 1));
    await job('newish-failed', 'failed', daysAgo(ENDED_JOB_KEPT_DAYS.done + 1));
    await job('waiting', 'queued', null);

    await testApp.db.execute(sql`INSERT INTO rate_limits (key, window_started_at, hits) VALUES
      ('fresh', now(), 3), ('stale', now() - make_interval(hours => ${RATE_LIMIT_KEPT_HOURS + 1}), 3)`);
    await testApp.db.execute(sql`INSERT INTO login_throttles (key, failures, blocked_until, last_claim_allowed, updated_at) VALUES
      ('recent', 3, now(), true, now()),
      ('idle', 3, now() - interval '1 hour', true, now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours + 1})),
      ('still-waiting', 20, now() + interval '10 minutes', true, now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours + 1}))`);
    await testApp.db.execute(sql`INSERT INTO trusted_browsers (user_id, browser_hash, verified_at) VALUES
      (${user.id}, 'trusted', now()), (${user.id}, 'lapsed', ${daysAgo(31)})`);

    const counts = await cleanUp(testApp.db, testApp.config);

    expect(counts).toMatchObject({ sessions: 2, tokens: 2, jobs: 2, rateLimits: 1, loginThrottles: 1, trustedBrowsers: 1 });
    expect(await keysOf('login_throttles', 'key')).toEqual(['recent', 'still-waiting']);
    expect(await keysOf('sessions', 'id_hash')).toContain('live');
    expect(await keysOf('sessions', 'id_hash')).not.toContain('too-old');
    expect(await keysOf('auth_tokens', 'token_hash')).toEqual(['expired-lately', 'unused', 'used-lately']);
    expect(await keysOf('jobs', 'queue')).toEqual(['new-done', 'newish-failed', 'waiting']);
    expect(await keysOf('rate_limits', 'key')).toEqual(['fresh']);
    expect(await keysOf('trusted_browsers', 'browser_hash')).toEqual(['trusted']);
  });

  it('keeps rate-limit rows longer than the longest window of any rule', () => {
    const windows = [LOGIN_LIMIT_PER_ADDRESS, LOGIN_ALERT_PER_ACCOUNT, ...Object.values(ACCOUNT_RATE_LIMITS)].map((rule) => rule.windowSeconds);
    expect(RATE_LIMIT_KEPT_HOURS * 3600).toBeGreaterThan(Math.max(...windows));
  });

  it('is booked once however often instances start, and each run books the next one an hour later', async () => {
    await testApp.db.execute(sql`DELETE FROM jobs`);
    await Promise.all([scheduleCleanUp(testApp.db), scheduleCleanUp(testApp.db), scheduleCleanUp(testApp.db)]);
    const waiting = () =>
      sqlRows<{ id: number; run_at: Date | string }>(testApp.db, sql`SELECT id, run_at FROM jobs WHERE queue = ${CLEAN_UP_QUEUE} AND status = 'queued'`);
    const [first, ...others] = await waiting();
    expect(first).toBeDefined();
    expect(others).toHaveLength(0);

    await testApp.db.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${CLEAN_UP_QUEUE}`);
    const before = Date.now();
    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.context.log)).toBe(true);

    const [done] = await sqlRows<{ status: string }>(testApp.db, sql`SELECT status FROM jobs WHERE id = ${first?.id}`);
    expect(done?.status).toBe('done');
    const [next, ...more] = await waiting();
    expect(more).toHaveLength(0);
    expect(new Date(next?.run_at ?? 0).getTime()).toBeGreaterThanOrEqual(before + CLEAN_UP_EVERY_MS - 1000);
  });

  it('on the embedded database, gives the planner statistics (nothing else would: no autovacuum); on a server leaves that to autovacuum', async () => {
    const statisticsOfHistory = async () =>
      (await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = 'history'`))[0]?.n ?? 0;
    await testApp.db.execute(sql`INSERT INTO history (session_id, user_message, api_response)
      SELECT 'upkeep-' || n, 'Question ' || n, 'Answer ' || n FROM generate_series(1, 50) n`);
    await testApp.db.execute(sql`DELETE FROM jobs`);
    await scheduleCleanUp(testApp.db);
    await testApp.db.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${CLEAN_UP_QUEUE}`);
    const embedded = testApp.database.dialect === 'pglite';
    if (embedded) expect(await statisticsOfHistory()).toBe(0);

    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.context.log)).toBe(true);

    const [done] = await sqlRows<{ status: string }>(testApp.db, sql`SELECT status FROM jobs WHERE queue = ${CLEAN_UP_QUEUE} ORDER BY id LIMIT 1`);
    expect(done?.status).toBe('done');
    if (embedded) expect(await statisticsOfHistory()).toBeGreaterThan(0);
  });
});
