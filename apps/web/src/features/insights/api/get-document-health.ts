import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { documentHealthRow, type DocumentHealthRow, type InsightPeriodDays, sourceSyncHealthRow, type SourceSyncHealthRow } from '@steward/contract/insights';
import { apiGet } from '../../../lib/api-client.ts';

export async function getDocumentHealth(days: InsightPeriodDays): Promise<DocumentHealthRow[]> {
  return (await apiGet(`/api/insights/document-health?days=${days}`, rowsAnswer(documentHealthRow))).data.rows;
}

export const useDocumentHealth = (days: InsightPeriodDays) =>
  useQuery({ queryKey: ['insights', 'document-health', days], queryFn: () => getDocumentHealth(days), retry: false });

export async function getSourceSyncHealth(): Promise<SourceSyncHealthRow | undefined> {
  return (await apiGet('/api/insights/source-sync-health', rowsAnswer(sourceSyncHealthRow))).data.rows[0];
}

/** Website sources whose last sync failed or is overdue: a line of Document health. */
export const useSourceSyncHealth = () => useQuery({ queryKey: ['insights', 'source-sync-health'], queryFn: getSourceSyncHealth, retry: false });
