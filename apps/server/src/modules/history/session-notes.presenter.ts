import type { ExchangeNotes, SessionNotes } from '@steward/contract/history';
import { maskIf, maskPersonalData } from '../../lib/personal-data.ts';
import type { AnswerSource } from './answer-sources.repository.ts';

interface RatingRecord {
  id: number;
  historyId: number | null;
  rating: 'up' | 'down';
  reason: unknown;
  userFeedback: string;
}

const reasonList = (reason: unknown): string[] => (Array.isArray(reason) ? reason.filter((item): item is string => typeof item === 'string') : []);

/**
 * Each exchange's sources and ratings (the visitor's words masked when masking is on: docs/privacy.md), in the
 * session's order, and the session's help requests.
 */
export function presentSessionNotes(
  historyIds: readonly number[],
  sources: Map<number, AnswerSource[]>,
  ratings: readonly RatingRecord[],
  helpRequests: SessionNotes['help_requests'],
  masked: boolean,
): SessionNotes {
  const words = maskIf(masked, maskPersonalData);
  const exchanges = historyIds.map((historyId): ExchangeNotes => ({
    history_id: historyId,
    sources: (sources.get(historyId) ?? []).map((source) => ({
      document_id: source.documentId,
      inform_the_bot_id: source.informTheBotId,
      title: source.title,
      page: source.page,
      page_end: source.pageEnd,
      heading: source.heading,
      excerpt: source.excerpt,
      relevance: source.relevance,
    })),
    ratings: ratings
      .filter((rating) => rating.historyId === historyId)
      .map((rating) => ({ feedback_id: rating.id, rating: rating.rating, reason: reasonList(rating.reason), user_feedback: words(rating.userFeedback) })),
  }));
  return { exchanges, help_requests: helpRequests };
}
