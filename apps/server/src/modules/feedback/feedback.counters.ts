import type { RatingFilter } from '@steward/contract/feedback';

/** Names of the list_counters rows kept for the feedback list, one per filter. */
export const FEEDBACK_COUNTERS = {
  all: 'feedback',
  up: 'feedback:up',
  down: 'feedback:down',
} as const;

export const feedbackCounterFor = (rating: RatingFilter): string => (rating === '' ? FEEDBACK_COUNTERS.all : FEEDBACK_COUNTERS[rating]);
