import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random.ts';
import {
  BM25_CAP,
  FEATURE_ORDER,
  FULL_TEXT_ONLY,
  namedProducts,
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
        otherProduct: sample % 2,
        typedOption: sample % 3 === 0 ? 1 : 0,
      };
      const weights = FEATURE_ORDER.map(() => random() * 10 - 2);
      const fitted = weighedFeatures(features).reduce((sum, value, index) => sum + value * (weights[index] ?? 0), 0);
      expect(scoreOf(features, relevanceModelOf(weights, 0.6))).toBeCloseTo(fitted, 12);
    }
  });

  it('count a product the question names that neither the passage nor its document’s title holds', () => {
    const term = (stem: string, informativeness: number, name = false) => ({ term: stem, idf: 2, chunks: 1, unknown: false, word: stem, weight: 1, informativeness, name });
    const terms = [term('bug', 2.5), term('report', 2.4), term('sed', 4.5), term('lsof', 6, true)];
    const titles = [['sed', 'faq'], ['lsof', 'faq'], ['man', 'db', 'manual']];
    expect(namedProducts(terms, titles)).toEqual(['sed', 'lsof']);
    expect(namedProducts([term('sed', 4.5)], [['sed', 'faq']])).toEqual([]);
    expect(namedProducts([term('history', 2.1)], [['history', 'page'], ['lynx', 'help']])).toEqual([]);
    const passage = { bm25: 1, similarity: 0.5, hits: [{ term: 'bug', positions: [3], inHeading: true }], titleTerms: ['lsof', 'faq'] };
    expect(passageFeatures(terms, passage, ['sed']).otherProduct).toBe(1);
    expect(passageFeatures(terms, { ...passage, titleTerms: ['sed', 'faq'] }, ['sed']).otherProduct).toBe(0);
    expect(passageFeatures(terms, { ...passage, hits: [...passage.hits, { term: 'sed', positions: [9], inHeading: false }] }, ['sed']).otherProduct).toBe(0);
    expect(passageFeatures(terms, passage, []).otherProduct).toBe(0);
    // A correction from Inform the Bot has no document, so no title: no product of its own.
    expect(passageFeatures(terms, { ...passage, titleTerms: [] }, ['sed']).otherProduct).toBe(0);
  });

  it('count a passage that defines an option the question types', () => {
    const passage = { bm25: 1, similarity: 0.5, hits: [], titleTerms: ['rsync', 'manual'] };
    expect(passageFeatures([], { ...passage, definesTypedOption: true }).typedOption).toBe(1);
    expect(passageFeatures([], passage).typedOption).toBe(0);
  });

  it('count a word of the question its document’s title holds as covered by the passage ("rsync" of the rsync manual’s option)', () => {
    const term = (stem: string) => ({ term: stem, idf: 2, chunks: 1, unknown: false, word: stem, weight: 1, informativeness: 3, name: false });
    const passage = { bm25: 1, similarity: 0.5, hits: [{ term: 'archiv', positions: [0], inHeading: false }], titleTerms: ['rsync', 'manual'] };
    expect(passageFeatures([term('rsync'), term('archiv')], passage).coverage).toBe(1);
    expect(passageFeatures([term('rsync'), term('archiv')], { ...passage, titleTerms: ['tar', 'manual'] }).coverage).toBe(0.5);
  });

  it('count BM25 up to BM25_CAP, and no similarity as none', () => {
    const features: PassageFeatures = { bm25: BM25_CAP + 2, coverage: 0.5, proximity: 0.25, heading: 0, title: 1, similarity: null, otherProduct: 1, typedOption: 0 };
    expect(weighedFeatures(features)).toEqual([BM25_CAP, 0.5, 0.25, 0, 1, 0, 1, 0]);
    expect(scoreOf(features, WITH_VECTORS)).toBe(scoreOf({ ...features, bm25: BM25_CAP, similarity: 0 }, WITH_VECTORS));
  });
});
