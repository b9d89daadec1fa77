import { describe, expect, it } from 'vitest';
import type { StatisticsRow } from '@steward/contract/statistics';
import { statisticsTiles } from './tile-values.ts';

const row = (values: Partial<StatisticsRow>): StatisticsRow => ({
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

describe('statisticsTiles', () => {
  it('shows values, the rounded satisfactory trend, and arrows against the previous period', () => {
    const tiles = statisticsTiles(
      row({
        current_sessions: 5,
        previous_sessions: 7,
        questions_answered_current: 12,
        questions_answered_previous: 3,
        satisfactory_answers_current: 2,
        satisfactory_answers_previous: 2,
        unsatisfactory_answers_current: 3,
        unsatisfactory_answers_previous: 4,
      }),
      'Past Week',
    );
    expect(tiles).toEqual([
      { title: 'Sessions', value: '5', trend: 'down' },
      { title: 'Questions Answered', value: '12', trend: 'up' },
      { title: 'Satisfactory Answers', value: '2', trend: undefined },
      { title: 'Satisfactory Trend', value: '67%', trend: 'up' },
    ]);
  });

  it('shows N/A when either side of the trend is zero, and no arrows on All Time', () => {
    const tiles = statisticsTiles(row({ current_sessions: 4, satisfactory_answers_current: 3 }), 'All Time');
    expect(tiles.map((tile) => tile.value)).toEqual(['4', '0', '3', 'N/A']);
    expect(tiles.every((tile) => tile.trend === undefined)).toBe(true);
  });

  it('shows only the sessions count while nothing is loaded (or the load failed)', () => {
    expect(statisticsTiles(undefined, 'Past Month').map((tile) => [tile.value, tile.trend])).toEqual([
      ['0', undefined],
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });
});
