import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { informTheBot } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';

/**
 * How alike (pg_trgm similarity of the accent- and case-folded texts, 0 to 1) a question must be
 * to an approved correction's question for the correction to answer it. A rewording with the same
 * words passes ("Can you deliver to my P.O. box?" / "can you deliver to a PO box"); another
 * question about the same subject does not.
 */
export const CORRECTION_MATCH_THRESHOLD = 0.6;

export interface MatchingCorrection {
  id: number;
  content: string;
  likeness: number;
}

/** The approved correction whose customer question is most like this one, if it is alike enough. */
export async function findMatchingCorrection(db: Db, question: string): Promise<MatchingCorrection | undefined> {
  const rows = await sqlRows<Pick<SqlRow<typeof informTheBot>, 'id' | 'content'> & { likeness: number | string }>(db, sql`
    SELECT id, content, similarity(steward_fold(question), steward_fold(${question})) AS likeness
    FROM inform_the_bot
    WHERE type = 'correction' AND status = 'approved' AND question IS NOT NULL
    ORDER BY likeness DESC, id DESC
    LIMIT 1`);
  const best = rows[0];
  if (!best || Number(best.likeness) < CORRECTION_MATCH_THRESHOLD) return undefined;
  return { id: best.id, content: best.content, likeness: Number(best.likeness) };
}
