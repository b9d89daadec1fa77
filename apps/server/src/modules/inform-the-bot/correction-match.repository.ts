import { sql } from 'drizzle-orm';
import { CORRECTION_MATCH_THRESHOLD } from '@steward/contract/inform-the-bot';
import type { Db } from '../../db/client.ts';
import type { informTheBot } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';

// Kept in the contract since the approval's replay (inform-the-bot) applies it too.
export { CORRECTION_MATCH_THRESHOLD };

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
