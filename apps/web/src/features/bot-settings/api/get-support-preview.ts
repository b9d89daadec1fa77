import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { supportPreviewRow, type SupportPreviewRow } from '@steward/contract/insights';
import { apiGet } from '../../../lib/api-client.ts';

export async function getSupportPreview(threshold: number): Promise<SupportPreviewRow | null> {
  return (await apiGet(`/api/insights/support-preview?threshold=${threshold}`, rowsAnswer(supportPreviewRow))).data.rows[0] ?? null;
}

/** The preview of a candidate threshold; undefined (no call) while the value is not a valid one. */
export const useSupportPreview = (threshold: number | undefined) =>
  useQuery({
    queryKey: ['support-preview', threshold],
    queryFn: () => getSupportPreview(threshold ?? 0),
    enabled: threshold !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
