import type { StatisticsRow } from '@steward/contract/statistics';

/** A statistics answer with every count zero and every series empty, for tests to override. */
export const statisticsRow = (values: Partial<StatisticsRow> = {}): StatisticsRow => ({
  current_sessions: 0,
  previous_sessions: 0,
  questions_answered_current: 0,
  questions_answered_previous: 0,
  satisfactory_answers_current: 0,
  satisfactory_answers_previous: 0,
  unsatisfactory_answers_current: 0,
  unsatisfactory_answers_previous: 0,
  sessions_by_day: [],
  sessions_by_week: [],
  sessions_by_month: [],
  sessions_by_year: [],
  feedback_by_day: [],
  feedback_by_week: [],
  feedback_by_month: [],
  feedback_by_year: [],
  ...values,
});
