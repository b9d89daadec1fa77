import { RETENTION_KINDS, type RetentionRow, type RetentionSettings, retentionSettings } from '@steward/contract/privacy';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { readJsonSetting, saveJsonSetting } from './json-settings.repository.ts';

/** The bot_settings row of Bot Settings' Data retention: a JSON object of days (null: for ever) per kind. */
export const DATA_RETENTION_SETTING = 'dataRetention';

/** The saved retention, or null when none is saved (or the value is damaged): then the environment's defaults apply. */
export async function readSavedRetention(db: Db): Promise<RetentionSettings | null> {
  return (await readJsonSetting(db, DATA_RETENTION_SETTING, (json) => retentionSettings.safeParse(json).data)) ?? null;
}

export const saveRetention = (db: Db, retention: RetentionSettings): Promise<void> => saveJsonSetting(db, DATA_RETENTION_SETTING, retention);

type RetentionConfig = Pick<Config, 'retentionDefaults' | 'auditRetentionDays'>;

/** The environment's retention (RETENTION_*_DAYS, AUDIT_RETENTION_DAYS): what applies while nothing is saved. */
export const defaultRetention = (config: RetentionConfig): RetentionSettings => ({ ...config.retentionDefaults, auditLog: config.auditRetentionDays });

/** The retention in force: the saved one, else the environment's. */
export async function retentionInForce(db: Db, config: RetentionConfig): Promise<RetentionSettings> {
  return (await readSavedRetention(db)) ?? defaultRetention(config);
}

/** GET /api/data-retention's rows: per kind, the days in force, the environment's default and whether a setting is saved. */
export async function retentionRows(db: Db, config: RetentionConfig): Promise<RetentionRow[]> {
  const saved = await readSavedRetention(db);
  const defaults = defaultRetention(config);
  return RETENTION_KINDS.map((kind) => ({ kind, days: (saved ?? defaults)[kind], default_days: defaults[kind], saved: saved !== null }));
}
