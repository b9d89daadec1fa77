import { sql } from 'drizzle-orm';
import { REPLAY_SIZE, type ReplayRow } from '@steward/contract/inform-the-bot';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { answersAlike, questionLikeness } from './correction-match.repository.ts';

/** Candidates the full-text index gives before they are ranked by likeness, so a large history is never read whole. */
const CANDIDATES = 500;

interface PastQuestion {
  id: number | string;
  session_id: string;
  time: string;
  user_message: string;
  api_response: string;
  likeness: number | string;
}

/**
 * The past questions most like a correction's, by the likeness the chat matches corrections with (trigram
 * similarity of the folded texts), each with the answer given then and the correction's text when the
 * question would match it. Candidates share a word with the question (history_search_idx).
 */
export async function replayCorrection(db: Db, correction: { question: string; content: string }): Promise<ReplayRow[]> {
  const rows = await sqlRows<PastQuestion>(db, sql`
    SELECT c.id, c.session_id, c.time, c.user_message, c.api_response,
           ${questionLikeness(sql`c.user_message`, sql`${correction.question}`)} AS likeness
    FROM (
      SELECT id, session_id, time, user_message, api_response FROM history
      WHERE search @@ replace(plainto_tsquery('steward_search', ${correction.question})::text, '&', '|')::tsquery
      ORDER BY time DESC, id DESC
      LIMIT ${CANDIDATES}
    ) c
    ORDER BY likeness DESC, c.time DESC, c.id DESC
    LIMIT ${REPLAY_SIZE}`);
  return rows.map((row) => {
    const likeness = Number(row.likeness);
    return {
      history_id: Number(row.id),
      session_id: row.session_id,
      time: new Date(row.time).toISOString(),
      user_message: row.user_message,
      likeness,
      answer_then: row.api_response,
      answer_with_correction: answersAlike(likeness) ? correction.content : null,
    };
  });
}
