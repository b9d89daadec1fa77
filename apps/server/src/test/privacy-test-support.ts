import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type SqlBigint, sqlRows } from '../db/sql-rows.ts';
import { botPost, counters } from './bot-test-support.ts';
import type { TestApp } from './test-app.ts';

/** The lists' counters next to the rows they count: each pair must be equal. */
export async function countersAndRows(db: Db): Promise<{ counters: Record<string, number>; rows: Record<string, number> }> {
  const [row] = await sqlRows<Record<string, SqlBigint>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM history) AS "history",
      (SELECT count(*) FROM history WHERE coverage_gap) AS "history:coverage_gap",
      (SELECT count(*) FROM feedback) AS "feedback",
      (SELECT count(*) FROM feedback WHERE rating = 'up') AS "feedback:up",
      (SELECT count(*) FROM feedback WHERE rating = 'down') AS "feedback:down",
      (SELECT count(*) FROM help_requests) AS "help_requests",
      (SELECT count(*) FROM help_requests WHERE status = 'pending') AS "help_requests:pending",
      (SELECT count(*) FROM help_requests WHERE status = 'resolved') AS "help_requests:resolved"`,
  );
  const rows = Object.fromEntries(Object.entries(row ?? {}).map(([name, count]) => [name, Number(count)]));
  const all = await counters(db);
  return { rows, counters: Object.fromEntries(Object.keys(rows).map((name) => [name, all[name] ?? 0])) };
}

/** Every statistic the rollups keep, summed over all time: what a deletion must leave as it was. */
export async function statisticsSums(db: Db): Promise<Record<string, number>> {
  const [row] = await sqlRows<Record<string, SqlBigint | null>>(
    db,
    sql`SELECT sum(sessions) AS sessions, sum(questions) AS questions, sum(up_ratings) AS up, sum(down_ratings) AS down FROM statistics_rollup_quarter`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([name, count]) => [name, Number(count ?? 0)]));
}

export interface SeededVisitor {
  sessionId: string;
  historyIds: number[];
  helpRequestId: number;
}

/** A visitor's conversation through the bot API, as the chatbot files it: two exchanges, a rating and a help request. */
export async function seedVisitor(
  testApp: TestApp,
  { sessionId, email, ip, time = new Date() }: { sessionId: string; email: string; ip: string; time?: Date },
): Promise<SeededVisitor> {
  const historyIds: number[] = [];
  for (const question of ['Where is my parcel?', 'Can I change the address?']) {
    const answer = await botPost(testApp, '/api/bot/messages', {
      session_id: sessionId,
      user_message: question,
      api_response: '<p>An answer.</p>',
      user_ip: ip,
      time: time.toISOString(),
    });
    if (answer.status !== 200) throw new Error(`The bot message was refused: ${JSON.stringify(answer.body)}`);
    historyIds.push(Number(answer.body.data?.rows[0]?.id));
  }
  const rated = await botPost(testApp, '/api/bot/feedback', { history_id: historyIds[0], rating: 'down', user_ip: ip, time: time.toISOString() });
  if (rated.status !== 200) throw new Error(`The rating was refused: ${JSON.stringify(rated.body)}`);
  const help = await botPost(testApp, '/api/bot/help-requests', {
    session_id: sessionId,
    name: 'Vera Visitor',
    email,
    message: 'Please call me back.',
    user_ip: ip,
    time: time.toISOString(),
  });
  if (help.status !== 200) throw new Error(`The help request was refused: ${JSON.stringify(help.body)}`);
  return { sessionId, historyIds, helpRequestId: Number(help.body.data?.rows[0]?.id) };
}
