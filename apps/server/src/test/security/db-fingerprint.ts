import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * The tables a refused request must leave exactly as they were. Sessions (last seen), rate limits
 * (they count refusals) and jobs are left out: they move on every request by design.
 */
const GUARDED_TABLES = [
  'users',
  'role_capabilities',
  'auth_tokens',
  'trusted_browsers',
  'chat_sessions',
  'history',
  'feedback',
  'help_requests',
  'list_counters',
  'inform_the_bot',
  'documents',
  'document_files',
  'fun_facts',
  'bot_settings',
] as const;

/** A digest of every row of every guarded table, to compare before and after a refused request. */
export async function dbFingerprint(db: Db): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of GUARDED_TABLES) {
    const rows = await sqlRows<{ digest: string | null; count: number | string }>(
      db,
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*) AS count FROM ${sql.identifier(table)} t`,
    );
    digest[table] = `${rows[0]?.count ?? 0}:${rows[0]?.digest ?? ''}`;
  }
  return digest;
}
