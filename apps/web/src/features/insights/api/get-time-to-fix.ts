import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { timeToFixReport, type InsightPeriodDays, type TimeToFixReport } from '@steward/contract/insights';
import { apiGet } from '../../../lib/api-client.ts';

export async function getTimeToFix(days: InsightPeriodDays): Promise<TimeToFixReport | null> {
  return (await apiGet(`/api/insights/time-to-fix?days=${days}`, rowsAnswer(timeToFixReport))).data.rows[0] ?? null;
}

export const useTimeToFix = (days: InsightPeriodDays) =>
  useQuery({ queryKey: ['insights', 'time-to-fix', days], queryFn: () => getTimeToFix(days), retry: false });
