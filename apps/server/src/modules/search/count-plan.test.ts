import { describe, expect, it } from 'vitest';
import { planCount } from './count-plan.ts';

describe('planCount', () => {
  it('calls a search common once the probe alone found more than the cap', () => {
    expect(planCount({ sampled: 101, probedRows: 1000, tableRows: 1_000_000, countCap: 100 })).toEqual({ kind: 'common' });
  });

  it('counts from the index when nothing among the newest rows matched (a rare word, a name)', () => {
    expect(planCount({ sampled: 0, probedRows: 1000, tableRows: 1_000_000, countCap: 100 })).toEqual({ kind: 'index' });
  });

  it('walks the newest rows for a word in 2.5 % of a million rows, bounded to three times the expected walk', () => {
    // f = 0.025: the walk reaches 101 matches in ~4,040 rows; the index would collect 25,000.
    expect(planCount({ sampled: 25, probedRows: 1000, tableRows: 1_000_000, countCap: 100 })).toEqual({ kind: 'walk-newest', rows: 12_120 });
  });

  it('counts from the index when the word is rare enough that its bitmap is the smaller read', () => {
    // f = 0.002: the walk would read ~50,500 rows, the index collects ~2,000.
    expect(planCount({ sampled: 2, probedRows: 1000, tableRows: 1_000_000, countCap: 100 })).toEqual({ kind: 'index' });
  });

  it('counts a small table from the index (its whole bitmap is cheap)', () => {
    expect(planCount({ sampled: 30, probedRows: 200, tableRows: 200, countCap: 100 })).toEqual({ kind: 'index' });
  });
});
