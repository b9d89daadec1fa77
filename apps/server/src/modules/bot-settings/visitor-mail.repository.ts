import { eq, sql } from 'drizzle-orm';
import { type VisitorMailSettings, visitorMailSettings } from '@steward/contract/visitor-mail';
import type { Db } from '../../db/client.ts';
import { botSettings } from '../../db/schema.ts';
import { readBotAppearance } from './bot-appearance.repository.ts';

/** The bot_settings row of Bot Settings' Mail to visitors (issue 58): the sender name and the reply-to address, as JSON. */
export const VISITOR_MAIL_TYPE = 'visitorMail';

const NOTHING_SAVED: VisitorMailSettings = { sender_name: '', reply_to: '' };

/** What is saved, checked again; a missing or damaged row reads as nothing saved. */
export async function readVisitorMail(db: Db): Promise<VisitorMailSettings> {
  const [row] = await db.select({ value: botSettings.value }).from(botSettings).where(eq(botSettings.type, VISITOR_MAIL_TYPE));
  if (!row) return NOTHING_SAVED;
  try {
    const parsed = visitorMailSettings.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : NOTHING_SAVED;
  } catch {
    return NOTHING_SAVED;
  }
}

export async function saveVisitorMailRow(db: Db, settings: VisitorMailSettings): Promise<void> {
  await db
    .insert(botSettings)
    .values({ type: VISITOR_MAIL_TYPE, value: JSON.stringify(settings) })
    .onConflictDoUpdate({ target: botSettings.type, set: { value: sql`excluded.value` } });
}

/** The name a visitor's mail comes from while none is saved: the chat widget's title, which the visitor saw. */
export const defaultVisitorSenderName = async (db: Db): Promise<string> => (await readBotAppearance(db)).title;

/** What a mail to a visitor carries: the team's name (saved, else the widget's title) and the reply-to address ('' for none). */
export async function visitorMailIdentity(db: Db): Promise<{ senderName: string; replyTo: string }> {
  const saved = await readVisitorMail(db);
  return { senderName: saved.sender_name || (await defaultVisitorSenderName(db)), replyTo: saved.reply_to };
}
