import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { documentHealthRow, type DocumentHealthRow, type InsightPeriodDays } from '@steward/contract/insights';
import { apiGet } from '../../../lib/api-client.ts';

export async function getDocumentHealth(days: InsightPeriodDays): Promise<DocumentHealthRow[]> {
  return (await apiGet(`/api/insights/document-health?days=${days}`, rowsAnswer(documentHealthRow))).data.rows;
}

export const useDocumentHealth = (days: InsightPeriodDays) =>
  useQuery({ queryKey: ['insights', 'document-health', days], queryFn: () => getDocumentHealth(days), retry: false });
