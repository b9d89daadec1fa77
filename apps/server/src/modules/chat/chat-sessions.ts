import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatSessions, history } from '../../db/schema.ts';
import { readBotSettings } from '../bot-settings/bot-settings.repository.ts';

/** The threshold saved in Bot Settings (migration 0001 seeds 3); a damaged value reads as 3. */
const DEFAULT_SUPPORT_MESSAGE_THRESHOLD = 3;

/** How many questions the session has asked, this one included (chat_sessions, kept with the history rows). */
export async function questionsAsked(db: Db, sessionId: string): Promise<number> {
  const [row] = await db.select({ count: chatSessions.messageCount }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
  return row?.count ?? 0;
}

/**
 * Whether the support message belongs in the answer: this is the session's supportMessageThreshold-th question
 * (0: the first). It is offered once: after it, an answer that does not know offers the help-request form itself,
 * and the widget's "Ask our team" link stays under the question box; under every later answer it was noise.
 */
export async function supportMessageDue(db: Db, sessionId: string): Promise<boolean> {
  const [setting] = await readBotSettings(db, ['supportMessageThreshold']);
  const saved = Number(setting?.value);
  const threshold = Number.isInteger(saved) && saved >= 0 ? saved : DEFAULT_SUPPORT_MESSAGE_THRESHOLD;
  return (await questionsAsked(db, sessionId)) === Math.max(threshold, 1);
}

/** The chat session a history row belongs to, or undefined when there is no such row. */
export async function sessionOfHistoryRow(db: Db, historyId: number): Promise<string | undefined> {
  const [row] = await db.select({ sessionId: history.sessionId }).from(history).where(eq(history.id, historyId));
  return row?.sessionId;
}
