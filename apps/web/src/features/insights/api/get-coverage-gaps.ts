import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { coverageGapsReport, type CoverageGapsReport, type InsightPeriodDays } from '@steward/contract/insights';
import { apiGet } from '../../../lib/api-client.ts';

export async function getCoverageGaps(days: InsightPeriodDays): Promise<CoverageGapsReport | null> {
  return (await apiGet(`/api/insights/coverage-gaps?days=${days}`, rowsAnswer(coverageGapsReport))).data.rows[0] ?? null;
}

export const useCoverageGaps = (days: InsightPeriodDays) =>
  useQuery({ queryKey: ['insights', 'coverage-gaps', days], queryFn: () => getCoverageGaps(days), retry: false });
