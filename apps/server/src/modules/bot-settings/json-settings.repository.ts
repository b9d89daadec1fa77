import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { botSettings } from '../../db/schema.ts';

/**
 * A bot_settings row holding JSON, read through `parse` (which answers undefined for a value it refuses); a missing
 * row, a damaged JSON text or a refused value read as undefined, so the caller's defaults apply.
 */
export async function readJsonSetting<Value>(db: Db, type: string, parse: (json: unknown) => Value | undefined): Promise<Value | undefined> {
  const [row] = await db.select({ value: botSettings.value }).from(botSettings).where(eq(botSettings.type, type));
  if (!row) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    return undefined;
  }
  return parse(json);
}

/** Saves `value` as the JSON of the bot_settings row `type`, in place of what was saved. */
export async function saveJsonSetting(db: Db, type: string, value: unknown): Promise<void> {
  await db
    .insert(botSettings)
    .values({ type, value: JSON.stringify(value) })
    .onConflictDoUpdate({ target: botSettings.type, set: { value: sql`excluded.value` } });
}
