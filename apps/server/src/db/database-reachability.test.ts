import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, watchReachability } from './database-reachability.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows the ways a PostgreSQL server goes away, also inside Drizzle\'s error', () => {
    const gone = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection because of crash of another server process', '57P02'),
      withCode('the database system is shutting down', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new DrizzleQueryError('select 1', [], withCode('terminating connection due to administrator command', '57P01')),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ];
    for (const error of gone) expect(isDatabaseUnreachable(error), error.message).toBe(true);
  });

  it('leaves a query\'s own failures alone: they are bugs or bad input, not an outage', () => {
    const own = [
      withCode('duplicate key value violates unique constraint "users_email_key"', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('deadlock detected', '40P01'),
      new DrizzleQueryError('select nope', [], withCode('column "nope" does not exist', '42703')),
      new Error('No handler for queue x'),
      'a string',
    ];
    for (const error of own) expect(isDatabaseUnreachable(error), String(error)).toBe(false);
  });
});

describe('watchReachability', () => {
  const recordingLog = () => {
    const lines: { level: 'warn' | 'info'; message: string }[] = [];
    return {
      lines,
      log: {
        warn: (_details: unknown, message: string) => void lines.push({ level: 'warn', message }),
        info: (_details: unknown, message: string) => void lines.push({ level: 'info', message }),
      } as unknown as Parameters<typeof watchReachability>[1],
    };
  };
  const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');

  it('writes one warning when the database is gone and one line when it is back, however many failures are reported', async () => {
    const state = { answers: false };
    const { lines, log } = recordingLog();
    const watch = watchReachability(async () => {
      if (!state.answers) throw refused;
    }, log, { retryMs: 10 });
    for (let n = 0; n < 50; n += 1) watch.report(refused);
    await expect.poll(() => watch.reachable).toBe(false);
    for (let n = 0; n < 50; n += 1) watch.report(refused);
    const back = watch.whenReachable();
    state.answers = true;
    await back;
    expect(watch.reachable).toBe(true);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(lines[0]?.message).toMatch(/^The database does not answer/);
    expect(lines[1]?.message).toMatch(/^The database answers again/);
    watch.stop();
  });

  it('says nothing for a broken connection when the database still answers (a terminated backend, replaced), nor for other errors', async () => {
    const { lines, log } = recordingLog();
    let checks = 0;
    const watch = watchReachability(async () => void (checks += 1), log, { retryMs: 10 });
    watch.report(withCode('terminating connection due to administrator command', '57P01'));
    await watch.whenReachable();
    watch.report(withCode('duplicate key value', '23505'));
    expect(checks).toBe(1);
    expect(watch.reachable).toBe(true);
    expect(lines).toEqual([]);
    watch.stop();
  });
});
