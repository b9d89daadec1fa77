import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { statisticsRow, type StatisticsPeriod, type StatisticsRow } from '@steward/contract/statistics';
import { apiGet } from '../../../lib/api-client.ts';
import { browserTimezoneOffsetHours } from '../../../lib/browser-timezone.ts';

export async function getStatistics(period: StatisticsPeriod, timezoneOffsetHours: number): Promise<StatisticsRow | null> {
  const answer = await apiGet(
    `/api/statistics/${encodeURIComponent(period)}/${timezoneOffsetHours}`,
    rowsAnswer(statisticsRow),
  );
  return answer.data.rows[0] ?? null;
}

export const getStatisticsQueryOptions = (period: StatisticsPeriod, timezoneOffsetHours: number) =>
  queryOptions({
    queryKey: ['statistics', { period, timezoneOffsetHours }],
    queryFn: () => getStatistics(period, timezoneOffsetHours),
    // Changing a tab reloads the data, as the spec asks.
    staleTime: 0,
    retry: false,
  });

export const useStatistics = (period: StatisticsPeriod) =>
  useQuery(getStatisticsQueryOptions(period, browserTimezoneOffsetHours()));
