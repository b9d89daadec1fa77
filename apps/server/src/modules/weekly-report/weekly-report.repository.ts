import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { weeklyReportOffer, weeklyReportSends, weeklyReportSubscriptions } from '../../db/schema.ts';

/** The weekly report's rows: the instance's offer, the members who opted in, and the weeks sent to each. */

export async function readWeeklyReportOffer(db: Db): Promise<boolean> {
  const [row] = await db.select({ offered: weeklyReportOffer.offered }).from(weeklyReportOffer);
  return row?.offered ?? false;
}

export async function saveWeeklyReportOffer(db: Db, offered: boolean): Promise<void> {
  await db
    .insert(weeklyReportOffer)
    .values({ id: true, offered })
    .onConflictDoUpdate({ target: weeklyReportOffer.id, set: { offered, updatedAt: sql`now()` } });
}

export async function isSubscribed(db: Db, userId: number): Promise<boolean> {
  const rows = await db.select({ userId: weeklyReportSubscriptions.userId }).from(weeklyReportSubscriptions).where(eq(weeklyReportSubscriptions.userId, userId));
  return rows.length > 0;
}

/** Answers whether anything changed (an opt-in of a member already in changes nothing). */
export async function addSubscription(db: Db, userId: number): Promise<boolean> {
  const added = await db.insert(weeklyReportSubscriptions).values({ userId }).onConflictDoNothing().returning({ userId: weeklyReportSubscriptions.userId });
  return added.length > 0;
}

export async function removeSubscription(db: Db, userId: number): Promise<boolean> {
  const removed = await db.delete(weeklyReportSubscriptions).where(eq(weeklyReportSubscriptions.userId, userId)).returning({ userId: weeklyReportSubscriptions.userId });
  return removed.length > 0;
}

/** Members who opted in before the week ended and whose report of that week is not queued yet. */
export async function membersDueReport(db: Db, weekStart: Date, weekEnd: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: weeklyReportSubscriptions.userId })
    .from(weeklyReportSubscriptions)
    .leftJoin(weeklyReportSends, and(eq(weeklyReportSends.userId, weeklyReportSubscriptions.userId), eq(weeklyReportSends.weekStart, weekStart)))
    .where(and(lt(weeklyReportSubscriptions.subscribedAt, weekEnd), isNull(weeklyReportSends.userId)))
    .orderBy(weeklyReportSubscriptions.userId);
  return rows.map((row) => row.userId);
}

/**
 * Claims a member's week in the caller's transaction: true for the one transaction that writes the row, false for
 * every other (a second instance, a retry), which waits on the key until the first commits and then finds it.
 */
export async function claimWeek(tx: Db, userId: number, weekStart: Date): Promise<boolean> {
  const claimed = await tx.insert(weeklyReportSends).values({ userId, weekStart }).onConflictDoNothing().returning({ userId: weeklyReportSends.userId });
  return claimed.length > 0;
}
