import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { botSettings } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * The bot_settings row of Bot Settings' "Mask visitors' personal data" (issue 58, docs/privacy.md): `true` or
 * `false`. No row, as on a new install and after the upgrade that brought it, means off.
 */
export const PERSONAL_DATA_MASKING_SETTING = 'maskPersonalData';

/** The setting as an SQL expression (true when masking), for a list page to read in its own statement (lib/page-anchors.ts). */
export const PERSONAL_DATA_MASKING = sql`steward_personal_data_masking()`;

/**
 * Whether the server masks visitors' personal data. Read on every request that answers such data (one
 * primary-key read, through a function whose statement the embedded database keeps prepared: migration 3300),
 * never kept in the process, so every instance on a shared database follows a change at once.
 */
export async function readPersonalDataMasking(db: Db): Promise<boolean> {
  const [row] = await sqlRows<{ masked: boolean }>(db, sql`SELECT ${PERSONAL_DATA_MASKING} AS masked`);
  return row?.masked === true;
}

export async function savePersonalDataMasking(db: Db, masked: boolean): Promise<void> {
  await db
    .insert(botSettings)
    .values({ type: PERSONAL_DATA_MASKING_SETTING, value: String(masked) })
    .onConflictDoUpdate({ target: botSettings.type, set: { value: sql`excluded.value` } });
}
