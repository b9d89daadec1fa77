import type { FeedbackCorrectionRow, FeedbackRow } from '@steward/contract/feedback';
import { maskIpAddress, maskPersonalData } from '../../lib/personal-data.ts';
import type { InformTheBotRecord } from '../inform-the-bot/inform-the-bot.repository.ts';
import type { FeedbackRecord } from './feedback.repository.ts';

/** Copies the fields of spec section 3; reason travels as JSON text of a list of strings. */
export const presentFeedbackRow = (record: FeedbackRecord, totalCount: number): FeedbackRow => ({
  id: record.id,
  user_ip: record.userIp,
  country: record.country,
  time: record.time.toISOString(),
  user_feedback: record.userFeedback,
  reason: JSON.stringify(Array.isArray(record.reason) ? record.reason : []),
  user_message: record.userMessage,
  api_response: record.apiResponse,
  rating: record.rating,
  session_id: record.sessionId,
  total_count: totalCount,
});

/** A row as everyone sees it with masking on (issues 43, 58): the visitor's question, words and address masked (docs/privacy.md). */
export const maskFeedbackRow = (row: FeedbackRow): FeedbackRow => ({
  ...row,
  user_ip: maskIpAddress(row.user_ip),
  user_message: maskPersonalData(row.user_message),
  user_feedback: maskPersonalData(row.user_feedback),
});

export const presentCorrection = (record: InformTheBotRecord): FeedbackCorrectionRow => ({
  id: record.id,
  user_id: record.userId,
  time: record.time.toISOString(),
  content: record.content,
  name: record.authorName,
  status: record.status,
  type: 'correction',
  question: maskPersonalData(record.question ?? ''),
  feedback_id: record.feedbackId ?? 0,
});
