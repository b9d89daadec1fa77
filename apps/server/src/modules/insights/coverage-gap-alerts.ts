import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COVERAGE_GAP_ALERT } from '@steward/contract/webhooks';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { schedulePeriodicJob } from '../../jobs/periodic-jobs.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.actions.ts';
import { endpointsReceiving } from '../webhooks/webhooks.repository.ts';
import { claimGap, forgetToldGaps, rememberWordings, toldGapOf } from './coverage-gap-alerts.repository.ts';
import { type CoverageGap, groupCoverageGaps } from './coverage-gaps.ts';

/** The periodic job that looks for coverage gaps appearing (coverage_gap.appeared). */
export const COVERAGE_GAP_ALERTS_QUEUE = 'coverage-gap-alerts';

const DAY_MS = 86_400_000;

/** At start-up: books the first look a few minutes from now, unless one is already waiting (any number of instances). */
export const scheduleCoverageGapAlerts = (db: Db, now: Date = new Date()): Promise<void> =>
  schedulePeriodicJob(db, COVERAGE_GAP_ALERTS_QUEUE, new Date(now.getTime() + 5 * 60_000));

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The gap's key in the event and the table: from its leading wording, the same on every instance. */
export const gapKeyOf = (leadingWordingKey: string): string => `gap_${sha256(leadingWordingKey).slice(0, 16)}`;

interface AlertDeps {
  db: Db;
  knowledge: KnowledgeStore;
  log: FastifyBaseLogger;
}

/**
 * Tells webhook endpoints of each coverage gap that has appeared: a group of the last COVERAGE_GAP_ALERT.windowDays'
 * unanswered questions, grouped as Insights groups them, of at least COVERAGE_GAP_ALERT.minQuestions, none of whose
 * wordings was told within COVERAGE_GAP_ALERT.forgetDays. Each gap in its own transaction, which writes its leading
 * wording's row (the claim: a second instance or a retry finds it and tells nothing) and its delivery. Nothing is
 * computed while no enabled endpoint chose the event. Answers how many gaps it told.
 */
export async function tellNewCoverageGaps({ db, knowledge, log }: AlertDeps, now: Date): Promise<number> {
  await forgetToldGaps(db, new Date(now.getTime() - COVERAGE_GAP_ALERT.forgetDays * DAY_MS));
  if ((await endpointsReceiving(db, 'coverage_gap.appeared')).length === 0) return 0;
  const { gaps } = await groupCoverageGaps(db, knowledge, new Date(now.getTime() - COVERAGE_GAP_ALERT.windowDays * DAY_MS));
  let told = 0;
  for (const gap of gaps) {
    if (gap.row.count < COVERAGE_GAP_ALERT.minQuestions) continue;
    if (await db.transaction((tx) => tellIfNew(tx, gap))) told += 1;
  }
  if (told > 0) log.info({ told }, 'coverage gaps told to webhooks');
  return told;
}

async function tellIfNew(tx: Db, gap: CoverageGap): Promise<boolean> {
  const [leading = '', ...others] = gap.wordingKeys;
  const hashes = gap.wordingKeys.map(sha256);
  const known = await toldGapOf(tx, hashes);
  if (known !== undefined) {
    // The same gap, perhaps led by another wording now, or grown: its new wordings join it, nothing is told.
    await rememberWordings(tx, known, hashes);
    return false;
  }
  const key = gapKeyOf(leading);
  if (!(await claimGap(tx, key, sha256(leading)))) return false;
  await rememberWordings(tx, key, others.map(sha256));
  await emitWebhookEvent(tx, {
    type: 'coverage_gap.appeared',
    recordKey: `coverage_gap:${key}`,
    path: '/insights',
    data: { key, ...gap.row },
    freeText: ['question', 'examples'],
  });
  return true;
}

/** Books its next run first (a failing run still comes back), then tells the gaps that appeared. `clock`: tests. */
export const coverageGapAlertsHandler =
  (deps: AlertDeps & { clock?: () => Date }): JobHandler =>
  async () => {
    const now = (deps.clock ?? (() => new Date()))();
    await schedulePeriodicJob(deps.db, COVERAGE_GAP_ALERTS_QUEUE, new Date(now.getTime() + COVERAGE_GAP_ALERT.checkEveryMinutes * 60_000));
    await tellNewCoverageGaps(deps, now);
  };
