import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackRow, type RatingFilter } from '@steward/contract/feedback';
import { filteredPageAnswer } from '@steward/contract/list-filters';
import { apiGet } from '../../../lib/api-client.ts';

const feedbackPageAnswer = filteredPageAnswer(feedbackRow);
export type FeedbackPage = ReturnType<typeof feedbackPageAnswer.parse>['data'];

/** GET /api/all-feedback/{pageIndex}/{rating}?{filters}: 30 rows, newest first; an empty rating means all. */
export const getFeedbackPage = async (pageIndex: number, rating: RatingFilter, query: string): Promise<FeedbackPage> =>
  (await apiGet(`/api/all-feedback/${pageIndex}/${rating}${query}`, feedbackPageAnswer)).data;

export const getFeedbackPageQueryOptions = (pageIndex: number, rating: RatingFilter, query: string) =>
  queryOptions({
    queryKey: ['feedback', 'page', { pageIndex, rating, query }],
    queryFn: () => getFeedbackPage(pageIndex, rating, query),
    placeholderData: keepPreviousData,
  });

export const useFeedbackPage = (pageIndex: number, rating: RatingFilter, query: string) =>
  useQuery(getFeedbackPageQueryOptions(pageIndex, rating, query));
