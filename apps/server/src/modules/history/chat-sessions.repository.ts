import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatSessions } from '../../db/schema.ts';

export const CHAT_SESSIONS_COUNTER = 'chat_sessions';

/** What one message did to its chat session, for the caller's counters and statistics. */
export type SessionChange =
  | { kind: 'started' }
  | { kind: 'continued' }
  /** The message is earlier than the stored start: the session now starts at the message. */
  | { kind: 'moved-back'; previousStart: Date };

/**
 * Counts one message in its chat session, inside the caller's transaction. A session counts
 * in the statistics of the hour of its first message; the bot may report out of order, so an
 * earlier message moves the start back.
 */
export async function countSessionMessage(tx: Db, sessionId: string, time: Date): Promise<SessionChange> {
  // DO NOTHING, then update: on PostgreSQL a concurrent first message waits here for the
  // other insert to commit instead of both believing they started the session.
  const started = await tx
    .insert(chatSessions)
    .values({ sessionId, startedAt: time, lastMessageAt: time, messageCount: 1 })
    .onConflictDoNothing()
    .returning({ sessionId: chatSessions.sessionId });
  if (started.length > 0) return { kind: 'started' };

  const [stored] = await tx
    .select({ startedAt: chatSessions.startedAt })
    .from(chatSessions)
    .where(eq(chatSessions.sessionId, sessionId))
    .for('update');
  if (!stored) throw new Error(`Chat session ${sessionId} vanished while counting a message.`);
  const at = time.toISOString();
  await tx
    .update(chatSessions)
    .set({
      startedAt: sql`least(${chatSessions.startedAt}, ${at}::timestamptz)`,
      lastMessageAt: sql`greatest(${chatSessions.lastMessageAt}, ${at}::timestamptz)`,
      messageCount: sql`${chatSessions.messageCount} + 1`,
    })
    .where(eq(chatSessions.sessionId, sessionId));
  return time < stored.startedAt ? { kind: 'moved-back', previousStart: stored.startedAt } : { kind: 'continued' };
}
