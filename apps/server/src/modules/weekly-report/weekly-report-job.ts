import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-jobs.ts';
import { enqueueMail, enqueueNotificationMail } from '../../mail/mail-queue.ts';
import { findStaffMember } from '../auth/users.repository.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { isoWeekName, reportWeekBefore } from './report-week.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { gatherWeeklyReportFacts, type WeeklyReportFacts } from './weekly-report-facts.ts';
import { weeklyReportMail, type WeeklyReportReader } from './weekly-report-mail.ts';
import { claimWeek, membersDueReport, readWeeklyReportOffer } from './weekly-report.repository.ts';

/** The periodic job that mails the weekly reports. */
export const WEEKLY_REPORT_QUEUE = 'weekly-report';

/** How often it looks for reports due: Monday's mails leave within the hour after Monday 00:00 UTC. */
export const WEEKLY_REPORT_CHECK_EVERY_MS = 60 * 60 * 1000;

/** At start-up: books the first look a minute from now, unless one is already waiting (any number of instances). */
export const scheduleWeeklyReports = (db: Db, now: Date = new Date()): Promise<void> =>
  schedulePeriodicJob(db, WEEKLY_REPORT_QUEUE, new Date(now.getTime() + 60_000));

export interface WeeklyReportDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'assistantName'>;
  knowledge: KnowledgeStore;
  log: FastifyBaseLogger;
}

/**
 * Queues the report of the last whole week to each member who opted in before it ended and has not had it: each
 * mail in the transaction that writes the member's (member, week) row, so whichever instance or retry comes second
 * finds the row and queues nothing. Answers how many it queued. Nothing while the instance does not offer the report.
 */
export async function queueWeeklyReports({ db, config, knowledge, log }: WeeklyReportDeps, now: Date): Promise<number> {
  if (!(await readWeeklyReportOffer(db))) return 0;
  const week = reportWeekBefore(now);
  const due = await membersDueReport(db, week.start, week.end);
  if (due.length === 0) return 0;
  const facts = await gatherWeeklyReportFacts(db, knowledge, week);
  let queued = 0;
  for (const memberId of due) {
    const reader = await findStaffMember(db, memberId);
    if (!reader) continue;
    const mail = await reportMail(db, config, facts, reader);
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimWeek(tx, memberId, week.start))) return false;
      await enqueueNotificationMail(tx, mail);
      return true;
    });
    if (claimed) queued += 1;
  }
  if (queued > 0) log.info({ queued, week: isoWeekName(week.start) }, 'weekly reports queued');
  return queued;
}

/** The report's mail to one reader, with their signed unsubscribe link. */
async function reportMail(db: Db, config: WeeklyReportDeps['config'], facts: WeeklyReportFacts, reader: WeeklyReportReader) {
  const dashboard = config.publicUrl.replace(/\/+$/, '');
  const token = await unsubscribeToken(db, reader.id);
  return weeklyReportMail({
    facts,
    reader,
    assistantName: config.assistantName,
    links: { dashboard, unsubscribePage: `${dashboard}/weekly-report/unsubscribe/${token}`, unsubscribeOneClick: `${dashboard}/api/weekly-report/unsubscribe/${token}` },
  });
}

/**
 * An administrator's "Send me a sample": last week's report, now, to them alone, whatever the offer and their own
 * choice. It writes no (member, week) row, so their own Monday mail still goes out if they opted in.
 */
export async function queueSampleReport({ db, config, knowledge }: Omit<WeeklyReportDeps, 'log'>, readerId: number, now: Date): Promise<void> {
  const reader = await findStaffMember(db, readerId);
  if (!reader) return;
  const facts = await gatherWeeklyReportFacts(db, knowledge, reportWeekBefore(now));
  await enqueueMail(db, await reportMail(db, config, facts, reader));
}

/** Books its next run first (a failing run still comes back), then queues the reports due. `clock`: tests pass a Monday. */
export const weeklyReportHandler =
  (deps: WeeklyReportDeps & { clock?: () => Date }): JobHandler =>
  async () => {
    const now = (deps.clock ?? (() => new Date()))();
    await schedulePeriodicJob(deps.db, WEEKLY_REPORT_QUEUE, new Date(now.getTime() + WEEKLY_REPORT_CHECK_EVERY_MS));
    await queueWeeklyReports(deps, now);
  };
