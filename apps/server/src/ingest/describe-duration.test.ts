import { describe, expect, it } from 'vitest';
import { describeDuration } from './describe-duration.ts';

describe('describeDuration', () => {
  it('says a time limit in the unit a person would', () => {
    expect([50, 60_000, 300_000].map(describeDuration)).toEqual(['50 ms', '60 seconds', '5 minutes']);
  });
});
