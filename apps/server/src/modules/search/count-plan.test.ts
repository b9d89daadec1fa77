import { describe, expect, it } from 'vitest';
import { leastFoundToWalkOn } from './count-plan.ts';

describe('leastFoundToWalkOn', () => {
  it('walks on at a million rows once the first 1,000 newest rows hold 3 matches (the top bar) or 19 (the results page)', () => {
    expect(leastFoundToWalkOn(20, 1_000_000)).toBeCloseTo(2.65, 2);
    expect(leastFoundToWalkOn(1000, 1_000_000)).toBeCloseTo(18.27, 2);
  });

  it('asks for more matches in a smaller table, whose index is cheaper, and never walks on in a few thousand rows', () => {
    expect(leastFoundToWalkOn(20, 125_000)).toBeCloseTo(7.48, 2);
    expect(leastFoundToWalkOn(20, 3_000)).toBeGreaterThan(20);
    expect(leastFoundToWalkOn(20, 0)).toBe(21);
  });
});
