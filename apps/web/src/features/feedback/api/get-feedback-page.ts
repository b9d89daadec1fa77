import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { feedbackRow, type FeedbackRow, type RatingFilter } from '@steward/contract/feedback';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/all-feedback/{pageIndex}/{rating}: 30 rows, newest first; an empty rating means all. */
export const getFeedbackPage = async (pageIndex: number, rating: RatingFilter): Promise<FeedbackRow[]> =>
  (await apiGet(`/api/all-feedback/${pageIndex}/${rating}`, rowsAnswer(feedbackRow))).data.rows;

export const getFeedbackPageQueryOptions = (pageIndex: number, rating: RatingFilter) =>
  queryOptions({
    queryKey: ['feedback', 'page', { pageIndex, rating }],
    queryFn: () => getFeedbackPage(pageIndex, rating),
    placeholderData: keepPreviousData,
  });

export const useFeedbackPage = (pageIndex: number, rating: RatingFilter) =>
  useQuery(getFeedbackPageQueryOptions(pageIndex, rating));
