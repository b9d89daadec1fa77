import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random.ts';
import {
  BM25_CAP,
  FEATURE_ORDER,
  FULL_TEXT_ONLY,
  type PassageFeatures,
  passageFeatures,
  relevanceModelOf,
  scoreOf,
  weighedFeatures,
  WITH_VECTORS,
} from './passage-features.ts';

// The search scores with scoreOf; bench/src/eval/fit-reranker.ts fits weights on weighedFeatures and makes them a
// model with relevanceModelOf. These pin the two to one feature order and one BM25 cap.
describe('the features a score weighs, shared with the reranker fitter', () => {
  it('are every feature a passage has and every weight a model has, once', () => {
    const features = passageFeatures([], { bm25: 0, similarity: null, hits: [], titleTerms: [] });
    expect([...FEATURE_ORDER].sort()).toEqual(Object.keys(features).sort());
    for (const model of [WITH_VECTORS, FULL_TEXT_ONLY]) expect([...FEATURE_ORDER, 'temperature'].sort()).toEqual(Object.keys(model).sort());
  });

  it('score as the weights fitted on them, in their order, say', () => {
    const random = seededRandom(53);
    for (let sample = 0; sample < 200; sample += 1) {
      const features: PassageFeatures = {
        bm25: random() * 6,
        coverage: random(),
        proximity: random(),
        heading: random(),
        title: random(),
        similarity: sample % 4 === 0 ? null : random() * 2 - 1,
      };
      const weights = FEATURE_ORDER.map(() => random() * 10 - 2);
      const fitted = weighedFeatures(features).reduce((sum, value, index) => sum + value * (weights[index] ?? 0), 0);
      expect(scoreOf(features, relevanceModelOf(weights, 0.6))).toBeCloseTo(fitted, 12);
    }
  });

  it('count BM25 up to BM25_CAP, and no similarity as none', () => {
    const features: PassageFeatures = { bm25: BM25_CAP + 2, coverage: 0.5, proximity: 0.25, heading: 0, title: 1, similarity: null };
    expect(weighedFeatures(features)).toEqual([BM25_CAP, 0.5, 0.25, 0, 1, 0]);
    expect(scoreOf(features, WITH_VECTORS)).toBe(scoreOf({ ...features, bm25: BM25_CAP, similarity: 0 }, WITH_VECTORS));
  });
});
