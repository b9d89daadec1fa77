import { useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { retentionPreviewRow, type RetentionPreviewRow, type RetentionSettings } from '@steward/contract/privacy';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/data-retention/preview: per kind, how many rows the proposed retention deletes within the hour. */
export const previewDataRetention = async (retention: RetentionSettings, signal?: AbortSignal): Promise<RetentionPreviewRow[]> =>
  (await apiPost('/api/data-retention/preview', { retention }, rowsAnswer(retentionPreviewRow), { signal })).data.rows;

/** Asked while `retention` is set (the confirmation is open); never cached, since the rows age every minute. */
export const useDataRetentionPreview = (retention: RetentionSettings | null) =>
  useQuery({
    queryKey: ['data-retention', 'preview', retention],
    queryFn: ({ signal }) => previewDataRetention(retention as RetentionSettings, signal),
    enabled: retention !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
