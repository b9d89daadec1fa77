import type { Migration } from './migration.ts';

/** The bot_settings row of Bot Settings' "Mask visitors' personal data" (pinned to the module's constant). */
export const MASKING_SETTING = 'maskPersonalData';

/**
 * Issue 58: masking visitors' personal data is a setting, off by default and after this upgrade (no row: off,
 * so nothing is inserted). Every request that answers such data reads it, so it is a call of a function whose
 * statement the embedded database keeps prepared (db/pglite-statement-cache.ts), as the list pages' are: one
 * primary-key read, without a parse and a plan per request.
 */
export const personalDataMasking: Migration = {
  name: '3300-personal-data-masking',
  sql: /* sql */ `
CREATE FUNCTION steward_personal_data_masking() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value = 'true' FROM bot_settings WHERE type = '${MASKING_SETTING}'), false)
$$;
`,
};
