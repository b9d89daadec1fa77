import { botAppearance, type BotAppearance } from '@steward/contract/bot-appearance';
import { WIDGET_APPEARANCE_DEFAULTS } from '@steward/contract/chat-constants';
import type { Db } from '../../db/client.ts';
import { readJsonSetting, saveJsonSetting } from './json-settings.repository.ts';

/** The bot_settings row holding the widget's look, the "don't know" answer and the allowed sites, as JSON. */
export const BOT_APPEARANCE_TYPE = 'widgetAppearance';

export const DEFAULT_BOT_APPEARANCE: BotAppearance = { ...WIDGET_APPEARANCE_DEFAULTS, dont_know_text: '', allowed_sites: [] };

/** What is saved, each field checked again; a missing or damaged row reads as the defaults. */
export async function readBotAppearance(db: Db): Promise<BotAppearance> {
  const saved = await readJsonSetting(db, BOT_APPEARANCE_TYPE, (json) => botAppearance.safeParse({ ...DEFAULT_BOT_APPEARANCE, ...(json as object) }).data);
  return saved ?? DEFAULT_BOT_APPEARANCE;
}

export const saveBotAppearance = (db: Db, appearance: BotAppearance): Promise<void> => saveJsonSetting(db, BOT_APPEARANCE_TYPE, appearance);
