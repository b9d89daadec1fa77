import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chatSessions, feedback, history } from '../db/schema.ts';
import { bumpCounters } from '../lib/list-counters.ts';
import { receiveHelpRequest } from '../modules/help-requests/help-requests.actions.ts';
import { setLatestRating } from '../modules/history/history.repository.ts';

/**
 * Small factories for history and feedback rows in API tests. They keep the list
 * counters right, as the bot API does, so lists answer the true total_count.
 */
export interface NewHistory {
  sessionId?: string;
  userMessage?: string;
  apiResponse?: string;
  sourceDocs?: unknown[];
  origin?: string | null;
  account?: Record<string, string> | null;
  time?: Date;
  country?: string;
  userIp?: string;
  /** A question Steward's own bot could not answer (counted in history:coverage_gap too). */
  coverageGap?: boolean;
}

let sequence = 0;
const nextNumber = () => (sequence += 1);

export async function insertHistory(db: Db, input: NewHistory = {}): Promise<typeof history.$inferSelect> {
  const number = nextNumber();
  const time = input.time ?? new Date();
  const sessionId = input.sessionId ?? `session-${number}-${Date.now()}`;
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(history)
      .values({
        sessionId,
        userMessage: input.userMessage ?? `Question ${number}`,
        apiResponse: input.apiResponse ?? `<p>Answer ${number}</p>`,
        sourceDocs: input.sourceDocs ?? [],
        origin: input.origin === undefined ? 'https://shop.example.com/page' : input.origin,
        account: input.account ?? null,
        time,
        country: input.country ?? 'NZ',
        userIp: input.userIp ?? '203.0.113.7',
        coverageGap: input.coverageGap ?? false,
      })
      .returning();
    await tx
      .insert(chatSessions)
      .values({ sessionId, startedAt: time, lastMessageAt: time, messageCount: 1 })
      .onConflictDoUpdate({
        target: chatSessions.sessionId,
        set: { lastMessageAt: time, messageCount: sql`${chatSessions.messageCount} + 1` },
      });
    await bumpCounters(tx, input.coverageGap ? ['history', 'history:coverage_gap'] : ['history'], 1);
    const row = rows[0];
    if (!row) throw new Error('Inserting history returned no row.');
    return row;
  });
}

/** Many exchanges in one statement (for paging tests), one minute apart, newest last. */
export async function insertManyHistory(db: Db, count: number, start = new Date('2026-01-01T00:00:00Z')): Promise<void> {
  const values = Array.from({ length: count }, (_, index) => ({
    sessionId: `bulk-session-${index}`,
    userMessage: `Bulk question ${index}`,
    apiResponse: `<p>Bulk answer ${index}</p>`,
    time: new Date(start.getTime() + index * 60_000),
  }));
  await db.transaction(async (tx) => {
    await tx.insert(history).values(values);
    await bumpCounters(tx, ['history'], count);
  });
}

export interface NewFeedback {
  rating?: 'up' | 'down';
  reason?: string[];
  userFeedback?: string;
  time?: Date;
  country?: string;
  userIp?: string;
}

/** A feedback row on a history row (a new one unless given), as the bot API files it. */
export async function insertFeedback(
  db: Db,
  input: NewFeedback & { history?: typeof history.$inferSelect } = {},
): Promise<typeof feedback.$inferSelect> {
  const about = input.history ?? (await insertHistory(db));
  const rating = input.rating ?? 'down';
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(feedback)
      .values({
        historyId: about.id,
        sessionId: about.sessionId,
        userMessage: about.userMessage,
        apiResponse: about.apiResponse,
        rating,
        reason: input.reason ?? [],
        userFeedback: input.userFeedback ?? '',
        time: input.time ?? new Date(),
        country: input.country ?? about.country,
        userIp: input.userIp ?? about.userIp,
      })
      .returning();
    await bumpCounters(tx, ['feedback', `feedback:${rating}`], 1);
    await setLatestRating(tx, about.id, rating);
    const row = rows[0];
    if (!row) throw new Error('Inserting feedback returned no row.');
    return row;
  });
}

/** A visitor's help request from a chat session, as the bot API files it (its session's exchanges get the badge). */
export const insertSessionHelpRequest = (db: Db, sessionId: string, name = 'Ann'): Promise<{ id: number }> =>
  db.transaction((tx) =>
    receiveHelpRequest(tx, { session_id: sessionId, name, email: `${name.toLowerCase()}@example.com`, message: 'Call me', time: new Date(), country: '' }),
  );
