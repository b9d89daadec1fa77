import { describe, expect, it } from 'vitest';
import { statisticsRow } from './statistics-row.fixture.ts';
import { statisticsTiles } from './tile-values.ts';

const row = statisticsRow;

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
