import type { CoverageGapRow } from '@steward/contract/insights';
import type { Db } from '../../db/client.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { buildCoverageGaps } from './coverage-gaps.ts';
import { maskCoverageGaps } from './insights.presenter.ts';

/**
 * The largest coverage gaps since `since`, as Insights groups them and as everyone sees them with the masking setting
 * on (other modules' reports: the weekly report mails them, and a mail cannot reveal).
 */
export async function largestCoverageGaps(db: Db, knowledge: KnowledgeStore, since: Date, limit: number): Promise<CoverageGapRow[]> {
  const shown = maskIf(await readPersonalDataMasking(db), maskCoverageGaps);
  return shown(await buildCoverageGaps(db, knowledge, since)).groups.slice(0, limit);
}
