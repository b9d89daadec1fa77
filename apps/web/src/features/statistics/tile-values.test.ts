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
      { title: 'Sessions', value: '5', trend: 'down', comparison: '−2 vs the 7 days before (7)' },
      { title: 'Questions Answered', value: '12', trend: 'up', comparison: '+9 vs the 7 days before (3)' },
      { title: 'Satisfactory Answers', value: '2', trend: undefined, comparison: 'Same as the 7 days before' },
      { title: 'Satisfactory Trend', value: '67%', trend: 'up', comparison: '+17 points vs the 7 days before (50%)' },
    ]);
  });

  it('shows N/A when either side of the trend is zero, and no arrows on All Time', () => {
    const tiles = statisticsTiles(row({ current_sessions: 4, satisfactory_answers_current: 3 }), 'All Time');
    expect(tiles.map((tile) => tile.value)).toEqual(['4', '0', '3', 'N/A']);
    expect(tiles.every((tile) => tile.trend === undefined)).toBe(true);
    // All Time has nothing before it to compare with.
    expect(tiles.every((tile) => tile.comparison === undefined)).toBe(true);
  });

  it('says what each period is compared with, and a trend that was N/A before', () => {
    const month = statisticsTiles(row({ current_sessions: 1200, previous_sessions: 1000, satisfactory_answers_current: 2, unsatisfactory_answers_current: 1 }), 'Past Month');
    expect(month[0]?.comparison).toBe('+200 vs the month before (1,000)');
    expect(month[3]?.comparison).toBe('No trend for the month before');
    const year = statisticsTiles(row({ satisfactory_answers_previous: 1, unsatisfactory_answers_previous: 4 }), 'Past Year');
    expect(year[3]?.comparison).toBe('The 13 months before: 25%');
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
