import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/** The gap one of these wordings was told as, if any was (within the forgetting period). */
export async function toldGapOf(db: Db, wordingHashes: readonly string[]): Promise<string | undefined> {
  if (wordingHashes.length === 0) return undefined;
  const [row] = await sqlRows<{ gap_key: string }>(db, sql`
    SELECT gap_key FROM coverage_gap_alerts WHERE wording_hash IN (${sql.join(wordingHashes.map((hash) => sql`${hash}`), sql`, `)}) LIMIT 1`);
  return row?.gap_key;
}

/**
 * Claims a gap by its leading wording: true for the one caller (of any instance) whose row is written, false when it
 * was already there. Call in the transaction that tells the gap.
 */
export async function claimGap(db: Db, gapKey: string, leaderHash: string): Promise<boolean> {
  const rows = await sqlRows<{ wording_hash: string }>(db, sql`
    INSERT INTO coverage_gap_alerts (wording_hash, gap_key) VALUES (${leaderHash}, ${gapKey})
    ON CONFLICT (wording_hash) DO NOTHING RETURNING wording_hash`);
  return rows.length > 0;
}

/** Notes a gap's other wordings, so the same gap led by another of them later is known. */
export async function rememberWordings(db: Db, gapKey: string, wordingHashes: readonly string[]): Promise<void> {
  for (const hash of wordingHashes) {
    await db.execute(sql`INSERT INTO coverage_gap_alerts (wording_hash, gap_key) VALUES (${hash}, ${gapKey}) ON CONFLICT (wording_hash) DO NOTHING`);
  }
}

/** Forgets the gaps told before `before`: one that comes back after that is told again. */
export async function forgetToldGaps(db: Db, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM coverage_gap_alerts WHERE alerted_at < ${before.toISOString()}::timestamptz`);
}
