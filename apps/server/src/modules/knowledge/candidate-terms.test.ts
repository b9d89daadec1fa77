import { describe, expect, it } from 'vitest';
import { candidateTerms } from './candidate-terms.ts';

describe('candidateTerms', () => {
  it('takes the rarest words while their chunks fit the budget', () => {
    const known = [
      { term: 'file', chunks: 300, weight: 1 },
      { term: 'copi', chunks: 40, weight: 1 },
      { term: 'configur', chunks: 50, weight: 1 },
    ];
    expect(candidateTerms(known, 100)).toEqual({ any: ['copi', 'configur'] });
  });

  it("takes the question's own words before a rarer synonym", () => {
    const known = [
      { term: 'copi', chunks: 145, weight: 1 },
      { term: 'configur', chunks: 683, weight: 1 },
      { term: 'transcript', chunks: 1, weight: 0.5 },
      { term: 'employ', chunks: 3, weight: 0.5 },
      { term: 'regist', chunks: 79, weight: 0.5 },
      { term: 'altern', chunks: 380, weight: 0.5 },
    ];
    expect(candidateTerms(known, 500)).toEqual({ any: ['copi', 'transcript', 'employ', 'regist'] });
  });

  it('asks for both of the two rarest own words when even the rarest is over the budget', () => {
    const known = [
      { term: 'use', chunks: 1398, weight: 1 },
      { term: 'file', chunks: 1234, weight: 1 },
      { term: 'usag', chunks: 84, weight: 0.5 },
    ];
    expect(candidateTerms(known, 500)).toEqual({ all: ['file', 'use'] });
  });

  it('has no candidates without a known word', () => {
    expect(candidateTerms([], 500)).toBeUndefined();
  });
});
