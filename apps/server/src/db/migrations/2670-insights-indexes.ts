import type { Migration } from './migration.ts';

/**
 * The Insights screen joins a rating to the correction saved from it, and a fixed question to its earlier
 * ratings (same words, any case): without these, each join reads the whole feedback or inform_the_bot table.
 * An answer to its rating (document health, time to fix) uses migration 2640's feedback_history_idx.
 */
export const insightsIndexes: Migration = {
  name: '2670-insights-indexes',
  sql: /* sql */ `
CREATE INDEX feedback_question_idx ON feedback (lower(user_message), time);
CREATE INDEX inform_the_bot_feedback_idx ON inform_the_bot (feedback_id) WHERE feedback_id IS NOT NULL;
`,
};
