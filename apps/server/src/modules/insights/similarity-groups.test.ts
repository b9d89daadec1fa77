import { describe, expect, it } from 'vitest';
import { cosine, groupBySimilarity } from './similarity-groups.ts';

const vector = (...values: number[]) => Float32Array.from(values);

describe('groupBySimilarity', () => {
  it('puts each item with the most similar leader at or above the threshold, or leads a new group', () => {
    const groups = groupBySimilarity(
      [
        { item: 'a', vector: vector(1, 0) },
        { item: 'b', vector: vector(0, 1) },
        { item: 'a2', vector: vector(0.9, 0.1) },
        { item: 'ab', vector: vector(0.6, 0.8) },
        { item: 'zero', vector: vector(0, 0) },
      ],
      0.75,
    );
    expect(groups).toEqual([['a', 'a2'], ['b', 'ab'], ['zero']]);
  });

  it('measures cosine similarity regardless of length', () => {
    expect(cosine(vector(2, 0), vector(5, 0))).toBeCloseTo(1);
    expect(cosine(vector(1, 0), vector(0, 3))).toBeCloseTo(0);
  });
});
