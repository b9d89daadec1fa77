import { type SQL, sql } from 'drizzle-orm';
import { CORRECTION_MATCH_THRESHOLD } from '@steward/contract/inform-the-bot';
import type { Db } from '../../db/client.ts';
import type { informTheBot } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';

/**
 * How alike a customer's question is to a correction's: the trigram similarity (pg_trgm) of the two texts folded
 * (steward_fold: case and accents aside), 0 to 1. The chat's match and the approval's replay both rank by it.
 */
export const questionLikeness = (asked: SQL, correctionQuestion: SQL): SQL => sql`similarity(steward_fold(${correctionQuestion}), steward_fold(${asked}))`;

/** A correction answers a question this alike to its own (CORRECTION_MATCH_THRESHOLD, in the contract for the screens). */
export const answersAlike = (likeness: number): boolean => likeness >= CORRECTION_MATCH_THRESHOLD;

export interface MatchingCorrection {
  id: number;
  content: string;
  likeness: number;
}

/** The approved correction whose customer question is most like this one, if it is alike enough. */
export async function findMatchingCorrection(db: Db, question: string): Promise<MatchingCorrection | undefined> {
  const rows = await sqlRows<Pick<SqlRow<typeof informTheBot>, 'id' | 'content'> & { likeness: number | string }>(db, sql`
    SELECT id, content, ${questionLikeness(sql`${question}`, sql`question`)} AS likeness
    FROM inform_the_bot
    WHERE type = 'correction' AND status = 'approved' AND question IS NOT NULL
    ORDER BY likeness DESC, id DESC
    LIMIT 1`);
  const best = rows[0];
  if (!best || !answersAlike(Number(best.likeness))) return undefined;
  return { id: best.id, content: best.content, likeness: Number(best.likeness) };
}
