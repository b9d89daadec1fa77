import { inArray, sql } from 'drizzle-orm';
import type { BotSettingType } from '@steward/contract/bot-settings';
import type { Db } from '../../db/client.ts';
import { botSettings } from '../../db/schema.ts';

export interface BotSettingRecord {
  type: BotSettingType;
  value: string;
}

export async function readBotSettings(db: Db, types: readonly BotSettingType[]): Promise<BotSettingRecord[]> {
  if (types.length === 0) return [];
  const rows = await db.select().from(botSettings).where(inArray(botSettings.type, [...types])).orderBy(botSettings.type);
  return rows.map((row) => ({ type: row.type as BotSettingType, value: row.value }));
}

export async function saveBotSetting(db: Db, type: BotSettingType, value: string): Promise<void> {
  await db
    .insert(botSettings)
    .values({ type, value })
    .onConflictDoUpdate({ target: botSettings.type, set: { value: sql`excluded.value` } });
}

/** The saved notification addresses; a damaged value reads as none rather than failing the caller. */
export async function readHelpRequestEmails(db: Db): Promise<string[]> {
  const [row] = await readBotSettings(db, ['helpRequestEmails']);
  try {
    const parsed: unknown = JSON.parse(row?.value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((email): email is string => typeof email === 'string') : [];
  } catch {
    return [];
  }
}
