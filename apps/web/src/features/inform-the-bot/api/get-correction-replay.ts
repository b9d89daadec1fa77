import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { replayRow, type ReplayRow } from '@steward/contract/inform-the-bot';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/inform-the-bot/{id}/replay: the past questions most like a correction's, answered then and with it. */
export const getCorrectionReplay = async (id: number): Promise<ReplayRow[]> =>
  (await apiGet(`/api/inform-the-bot/${id}/replay`, rowsAnswer(replayRow))).data.rows;

export const useCorrectionReplay = (id: number, enabled: boolean) =>
  useQuery(queryOptions({ queryKey: ['inform-the-bot-replay', id], queryFn: () => getCorrectionReplay(id), enabled }));
