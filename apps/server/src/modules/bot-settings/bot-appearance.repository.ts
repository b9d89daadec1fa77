import { eq, sql } from 'drizzle-orm';
import { botAppearance, type BotAppearance } from '@steward/contract/bot-appearance';
import { WIDGET_APPEARANCE_DEFAULTS } from '@steward/contract/chat-constants';
import type { Db } from '../../db/client.ts';
import { botSettings } from '../../db/schema.ts';

/** The bot_settings row holding the widget's look, the "don't know" answer and the allowed sites, as JSON. */
export const BOT_APPEARANCE_TYPE = 'widgetAppearance';

export const DEFAULT_BOT_APPEARANCE: BotAppearance = { ...WIDGET_APPEARANCE_DEFAULTS, dont_know_text: '', allowed_sites: [] };

/** What is saved, each field checked again; a missing or damaged row reads as the defaults. */
export async function readBotAppearance(db: Db): Promise<BotAppearance> {
  const [row] = await db.select({ value: botSettings.value }).from(botSettings).where(eq(botSettings.type, BOT_APPEARANCE_TYPE));
  if (!row) return DEFAULT_BOT_APPEARANCE;
  try {
    const parsed = botAppearance.safeParse({ ...DEFAULT_BOT_APPEARANCE, ...(JSON.parse(row.value) as object) });
    return parsed.success ? parsed.data : DEFAULT_BOT_APPEARANCE;
  } catch {
    return DEFAULT_BOT_APPEARANCE;
  }
}

export async function saveBotAppearance(db: Db, appearance: BotAppearance): Promise<void> {
  await db
    .insert(botSettings)
    .values({ type: BOT_APPEARANCE_TYPE, value: JSON.stringify(appearance) })
    .onConflictDoUpdate({ target: botSettings.type, set: { value: sql`excluded.value` } });
}
