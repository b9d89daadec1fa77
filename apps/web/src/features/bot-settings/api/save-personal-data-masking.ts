import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { personalDataMaskingRow, type SavePersonalDataMaskingRequest } from '@steward/contract/personal-data';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/personal-data/masking: turns the masking of visitors' personal data on or off (audited). */
export const savePersonalDataMasking = (request: SavePersonalDataMaskingRequest) =>
  apiPost('/api/personal-data/masking', request, rowsAnswer(personalDataMaskingRow));

/** Every list, detail, search and insight shows the visitors' data differently after a change: all are read again. */
export function useSavePersonalDataMasking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePersonalDataMasking, onSuccess: () => queryClient.invalidateQueries() });
}
