import { WEEKLY_REPORT_TOP_GAPS } from '@steward/contract/weekly-report';
import type { Db } from '../../db/client.ts';
import { listFailedDocuments } from '../documents/documents.repository.ts';
import { listSites } from '../documents/site-sources.repository.ts';
import { countPendingHelpRequests } from '../help-requests/help-requests.repository.ts';
import { countPending } from '../inform-the-bot/inform-the-bot.repository.ts';
import { largestCoverageGaps } from '../insights/insights.actions.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { countStatistics } from '../statistics/statistics.repository.ts';
import { previousWeek, type ReportWeek } from './report-week.ts';

/** How many failed sources the mail names (the rest are counted). */
const FAILED_SOURCES_NAMED = 5;

export interface WeekCounts {
  sessions: number;
  questions: number;
  /** Thumbs up among the week's ratings, in per cent; null without ratings. */
  satisfaction: number | null;
}

/** What the week's report says, the same for every member; each mail shows the parts its reader may see (weekly-report-mail.ts). */
export interface WeeklyReportFacts {
  week: ReportWeek;
  thisWeek: WeekCounts;
  weekBefore: WeekCounts;
  /** The week's largest coverage gaps (questions the bot could not answer), masked when the masking setting is on. */
  gaps: { question: string; count: number }[];
  pendingHelpRequests: number;
  correctionsAwaitingApproval: number;
  failedSources: { names: string[]; total: number };
}

const satisfactionOf = (up: number, down: number): number | null => (up + down === 0 ? null : Math.round((up / (up + down)) * 100));

/** Reads the week's numbers through the modules that own them: statistics, insights, help requests, Inform the Bot, documents. */
export async function gatherWeeklyReportFacts(db: Db, knowledge: KnowledgeStore, week: ReportWeek): Promise<WeeklyReportFacts> {
  const before = previousWeek(week);
  const { counts } = await countStatistics(db, [
    { from: week.start.getTime(), to: week.end.getTime() },
    { from: before.start.getTime(), to: before.end.getTime() },
  ]);
  const weekCounts = (index: number): WeekCounts => {
    const count = counts[index] ?? { sessions: 0, questions: 0, upRatings: 0, downRatings: 0 };
    return { sessions: count.sessions, questions: count.questions, satisfaction: satisfactionOf(count.upRatings, count.downRatings) };
  };
  // The insights' own grouping, from the week's start (a report made on Monday also sees that morning's questions).
  const gaps = await largestCoverageGaps(db, knowledge, week.start, WEEKLY_REPORT_TOP_GAPS);
  const failedDocuments = await listFailedDocuments(db, FAILED_SOURCES_NAMED);
  const failedSites = (await listSites(db)).filter((site) => site.status === 'error');
  return {
    week,
    thisWeek: weekCounts(0),
    weekBefore: weekCounts(1),
    gaps: gaps.map((group) => ({ question: group.question, count: group.count })),
    pendingHelpRequests: await countPendingHelpRequests(db),
    correctionsAwaitingApproval: await countPending(db),
    failedSources: {
      names: [...failedDocuments.documents.map((document) => document.title || document.filename), ...failedSites.map((site) => site.startUrl)].slice(0, FAILED_SOURCES_NAMED),
      total: failedDocuments.totalCount + failedSites.length,
    },
  };
}
