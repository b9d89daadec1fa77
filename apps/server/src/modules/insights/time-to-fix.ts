import type { TimeToFixReport } from '@steward/contract/insights';
import type { Db } from '../../db/client.ts';
import { findFixes } from './insights.repository.ts';

const HOUR_MS = 3_600_000;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const roundHours = (ms: number): number => Math.round((ms / HOUR_MS) * 10) / 10;

/** The period's fixed thumbs-down ratings, the median hours to fix, and thumbs-up shares before and after. */
export async function buildTimeToFix(db: Db, since: Date): Promise<TimeToFixReport> {
  const fixes = await findFixes(db, since);
  const rows = fixes.map((fix) => ({
    feedback_id: fix.feedbackId,
    correction_id: fix.correctionId,
    question: fix.question,
    rated_at: fix.ratedAt.toISOString(),
    approved_at: fix.approvedAt.toISOString(),
    hours_to_fix: roundHours(fix.approvedAt.getTime() - fix.ratedAt.getTime()),
    ratings_before: fix.ratingsBefore,
    up_before: fix.upBefore,
    ratings_after: fix.ratingsAfter,
    up_after: fix.upAfter,
  }));
  return {
    fixes: rows,
    median_hours: median(rows.map((row) => row.hours_to_fix)),
    up_share_before: share(sum(rows.map((row) => row.up_before)), sum(rows.map((row) => row.ratings_before))),
    up_share_after: share(sum(rows.map((row) => row.up_after)), sum(rows.map((row) => row.ratings_after))),
  };
}
