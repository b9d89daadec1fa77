import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';

/** The start of a period of `days` days ending now. */
export const periodStart = (days: number, now = new Date()): Date => new Date(now.getTime() - days * 86_400_000);

export interface GapQuestion {
  question: string;
  time: Date;
}

/** The period's latest `limit` coverage-gap questions, most recent first (history_coverage_gap_time_idx), and how many it held. */
export async function findGapQuestions(db: Db, since: Date, limit: number): Promise<{ questions: GapQuestion[]; total: number }> {
  const rows = await sqlRows<{ user_message: string; time: string | Date }>(
    db,
    sql`SELECT user_message, time FROM history
         WHERE coverage_gap AND time >= ${since.toISOString()}::timestamptz
         ORDER BY time DESC, id DESC LIMIT ${limit}`,
  );
  const [count] = await sqlRows<{ total: SqlBigint }>(
    db,
    sql`SELECT count(*) AS total FROM history WHERE coverage_gap AND time >= ${since.toISOString()}::timestamptz`,
  );
  return { questions: rows.map((row) => ({ question: row.user_message, time: new Date(row.time) })), total: Number(count?.total ?? 0) };
}

export interface DocumentHealthRecord {
  documentId: number;
  title: string;
  citations: number;
  up: number;
  down: number;
  lastCited: Date | null;
}

/**
 * Every document with the period's answers built from it (one per answer, however many of its passages were
 * used) and their ratings. The answers are found through history_time_idx, then their sources and ratings
 * by index; documents never cited come with zero (a website's pages only when cited).
 */
export async function findDocumentHealth(db: Db, since: Date): Promise<DocumentHealthRecord[]> {
  const rows = await sqlRows<{ id: number; title: string; citations: SqlBigint; up: SqlBigint; down: SqlBigint; last_cited: string | Date | null }>(
    db,
    sql`WITH cited AS (
          SELECT DISTINCT s.document_id, h.id AS history_id, h.time
            FROM history h JOIN answer_sources s ON s.history_id = h.id
           WHERE h.time >= ${since.toISOString()}::timestamptz AND s.document_id IS NOT NULL
        ), per_document AS (
          SELECT c.document_id, count(*) AS citations,
                 count(*) FILTER (WHERE f.rating = 'up') AS up,
                 count(*) FILTER (WHERE f.rating = 'down') AS down,
                 max(c.time) AS last_cited
            FROM cited c LEFT JOIN feedback f ON f.history_id = c.history_id
           GROUP BY c.document_id
        )
        SELECT d.id, d.title, coalesce(p.citations, 0) AS citations, coalesce(p.up, 0) AS up,
               coalesce(p.down, 0) AS down, p.last_cited
          FROM documents d LEFT JOIN per_document p ON p.document_id = d.id
         -- A website's pages (hundreds of them) only once the bot cited them: the rest is its site's card.
         WHERE d.site_id IS NULL OR p.document_id IS NOT NULL
         ORDER BY coalesce(p.citations, 0) DESC, d.title, d.id`,
  );
  return rows.map((row) => ({
    documentId: Number(row.id),
    title: row.title,
    citations: Number(row.citations),
    up: Number(row.up),
    down: Number(row.down),
    lastCited: row.last_cited === null ? null : new Date(row.last_cited),
  }));
}

export interface FixRecord {
  feedbackId: number;
  correctionId: number;
  question: string;
  ratedAt: Date;
  approvedAt: Date;
  ratingsBefore: number;
  upBefore: number;
  ratingsAfter: number;
  upAfter: number;
}

/**
 * Thumbs-down ratings of the period with the correction saved from them (inform_the_bot.feedback_id, the
 * Feedback screen's correction form) once approved; the period's ratings of the same question (same words,
 * any case) before the approval, and the ratings of answers built from that correction
 * (answer_sources.inform_the_bot_id) since. At most 500 fixes, the latest approved.
 */
export async function findFixes(db: Db, since: Date): Promise<FixRecord[]> {
  const rows = await sqlRows<{
    feedback_id: number; correction_id: number; question: string; rated_at: string | Date; approved_at: string | Date;
    ratings_before: SqlBigint; up_before: SqlBigint; ratings_after: SqlBigint; up_after: SqlBigint;
  }>(
    db,
    sql`SELECT f.id AS feedback_id, c.id AS correction_id, coalesce(c.question, f.user_message) AS question,
               f.time AS rated_at, c.approved_at,
               (SELECT count(*) FROM feedback earlier
                 WHERE lower(earlier.user_message) = lower(f.user_message) AND earlier.time < c.approved_at
                   AND earlier.time >= ${since.toISOString()}::timestamptz) AS ratings_before,
               (SELECT count(*) FROM feedback earlier
                 WHERE lower(earlier.user_message) = lower(f.user_message) AND earlier.time < c.approved_at
                   AND earlier.time >= ${since.toISOString()}::timestamptz AND earlier.rating = 'up') AS up_before,
               (SELECT count(*) FROM answer_sources s JOIN feedback later ON later.history_id = s.history_id
                 WHERE s.inform_the_bot_id = c.id AND later.time >= c.approved_at) AS ratings_after,
               (SELECT count(*) FROM answer_sources s JOIN feedback later ON later.history_id = s.history_id
                 WHERE s.inform_the_bot_id = c.id AND later.time >= c.approved_at AND later.rating = 'up') AS up_after
          FROM feedback f JOIN inform_the_bot c ON c.feedback_id = f.id
         WHERE f.rating = 'down' AND f.time >= ${since.toISOString()}::timestamptz
           AND c.type = 'correction' AND c.status = 'approved' AND c.approved_at IS NOT NULL
         ORDER BY c.approved_at DESC, c.id DESC
         LIMIT 500`,
  );
  return rows.map((row) => ({
    feedbackId: Number(row.feedback_id),
    correctionId: Number(row.correction_id),
    question: row.question,
    ratedAt: new Date(row.rated_at),
    approvedAt: new Date(row.approved_at),
    ratingsBefore: Number(row.ratings_before),
    upBefore: Number(row.up_before),
    ratingsAfter: Number(row.ratings_after),
    upAfter: Number(row.up_after),
  }));
}

/** Sessions started since `since`, and how many of them asked at least `threshold` questions (chat_sessions_started_at_idx). */
export async function countSessionsReaching(db: Db, since: Date, threshold: number): Promise<{ reached: number; total: number }> {
  const [row] = await sqlRows<{ reached: SqlBigint; total: SqlBigint }>(
    db,
    sql`SELECT count(*) FILTER (WHERE message_count >= ${threshold}) AS reached, count(*) AS total
          FROM chat_sessions WHERE started_at >= ${since.toISOString()}::timestamptz`,
  );
  return { reached: Number(row?.reached ?? 0), total: Number(row?.total ?? 0) };
}
