import { describe, expect, it } from 'vitest';
import { SettledTotals, type StatisticsCounts } from './settled-totals.ts';

const counts = (sessions: number): StatisticsCounts => ({ sessions, questions: 0, upRatings: 0, downRatings: 0 });

describe('SettledTotals', () => {
  it('asks for the moments it does not keep first, and answers the kept totals of the rest', () => {
    const settled = new SettledTotals();
    expect(settled.ask([30, 10, 20])).toEqual({ moments: [30, 10, 20], unknown: 3, revision: undefined, known: new Map() });
    settled.learn(4, 20, new Map([[10, counts(1)], [20, counts(2)], [30, counts(3)]]));
    expect(settled.ask([30, 10, 20, 40])).toEqual({
      moments: [30, 40, 10, 20],
      unknown: 2,
      revision: 4,
      known: new Map([[10, counts(1)], [20, counts(2)]]),
    });
  });

  it('keeps nothing when there is no quarter hour with statistics', () => {
    const settled = new SettledTotals();
    settled.learn(0, undefined, new Map([[10, counts(0)]]));
    expect(settled.ask([10]).unknown).toBe(1);
  });

  it('drops what it kept for a newer revision, and keeps nothing from a read older than what it keeps', () => {
    const settled = new SettledTotals();
    settled.learn(4, 100, new Map([[10, counts(1)]]));
    settled.learn(5, 100, new Map([[20, counts(2)]]));
    expect(settled.ask([10, 20])).toMatchObject({ unknown: 1, revision: 5, known: new Map([[20, counts(2)]]) });
    // A read that started before the revision moved answers the old revision: its totals may be stale.
    settled.learn(4, 100, new Map([[10, counts(1)]]));
    expect(settled.ask([10, 20])).toMatchObject({ unknown: 1, revision: 5 });
  });

  it('starts over when it holds as many totals as it may', () => {
    const settled = new SettledTotals(2);
    settled.learn(1, 100, new Map([[10, counts(1)], [20, counts(2)]]));
    expect(settled.ask([10, 20]).unknown).toBe(0);
    settled.learn(1, 100, new Map([[30, counts(3)]]));
    expect(settled.ask([10, 20, 30])).toMatchObject({ unknown: 2, known: new Map([[30, counts(3)]]) });
  });
});
