import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { botAppearanceRow, type BotAppearance } from '@steward/contract/bot-appearance';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { visitorMailQueryKey } from '../../../lib/visitor-mail.ts';

/** GET /api/bot-appearance: the widget's look, the "don't know" answer, the allowed sites. */
export const getBotAppearance = async () => (await apiGet('/api/bot-appearance', rowsAnswer(botAppearanceRow))).data.rows[0];

export const botAppearanceQueryKey = ['bot-appearance'] as const;
export const getBotAppearanceQueryOptions = () => queryOptions({ queryKey: botAppearanceQueryKey, queryFn: getBotAppearance });
export const useBotAppearance = () => useQuery(getBotAppearanceQueryOptions());

/** POST /api/bot-appearance: saves the whole look at once. */
export const saveBotAppearance = (appearance: BotAppearance) => apiPost('/api/bot-appearance', { appearance }, successAnswer);

export function useSaveBotAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBotAppearance,
    // The widget's title is also the name visitors' mails come from while none is saved (Mail to visitors).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: botAppearanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['getting-started'] }),
        queryClient.invalidateQueries({ queryKey: visitorMailQueryKey }),
      ]),
  });
}
