import { describe, expect, it } from 'vitest';
import { bestByText, bestWithVectors, type FirstStageScore, firstStageScorer, likeliest, scoreAt } from './first-stage.ts';
import { seededRandom } from '../../test/seeded-random.ts';
import { passageFeatures, scoreOf } from './passage-features.ts';
import type { QuestionTerm } from './question-terms.ts';

const term = (text: string, idf: number, extra: Partial<QuestionTerm> = {}): QuestionTerm => ({
  term: text,
  idf,
  chunks: 10,
  unknown: false,
  word: text,
  weight: 1,
  informativeness: 3,
  name: false,
  ...extra,
});
const TERMS = [term('descal', 3.1), term('kettl', 1.2), term('lime', 2.4), term('scale', 2.4 * 0.5, { weight: 0.5, source: 'descal', word: 'scale' })];

function candidates(count: number, next: () => number) {
  const firstStageScore = firstStageScorer(TERMS);
  return Array.from({ length: count }, (_, index) => {
    const chunk = {
      id: index + 1,
      bm25: next() * 6,
      matched: TERMS.filter(() => next() < 0.6).map((entry) => entry.term),
      titleTerms: next() < 0.3 ? ['kettl'] : [],
    };
    return { chunk, score: firstStageScore(chunk) };
  });
}

describe('firstStageScorer', () => {
  it('gives at each similarity (and as full text alone) the score the features give, proximity read as coverage, however many candidates share a document', () => {
    const next = seededRandom(7);
    for (const { chunk, score } of candidates(50, next)) {
      for (const similarity of [null, 0, 0.37, next(), 1]) {
        const features = passageFeatures(TERMS, { bm25: chunk.bm25, similarity, hits: chunk.matched.map((held) => ({ term: held, positions: [], inHeading: false })), titleTerms: chunk.titleTerms });
        expect(scoreAt(score, similarity)).toBeCloseTo(scoreOf({ ...features, proximity: features.coverage }), 12);
      }
    }
  });
});

describe('choosing the candidates to rerank', () => {
  const everySimilarity = (all: readonly { chunk: { id: number }; score: FirstStageScore }[], similarities: ReadonlyMap<number, number>, keep: number) =>
    all
      .map(({ chunk, score }) => ({ id: chunk.id, score: scoreAt(score, similarities.get(chunk.id) ?? null) }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, keep)
      .map(({ id }) => id);

  it('chooses what reading every similarity would, reading only those that could change the choice', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = seededRandom(seed);
      const all = candidates(200, next);
      // The vector side found 20 chunks, the nearest of them all; every other chunk is at most as similar as its least similar.
      const nearest = new Set(all.filter(() => next() < 0.1).map(({ chunk }) => chunk.id));
      const similarities = new Map<number, number>();
      const horizon = 0.3 + next() * 0.3;
      for (const { chunk } of all) {
        if (next() < 0.05) continue; // no windows yet
        similarities.set(chunk.id, nearest.has(chunk.id) ? horizon + next() * (1 - horizon) : next() * horizon);
      }
      const firstIds = new Set([...nearest, ...likeliest(all, 20, true).map((chunk) => chunk.id)]);
      const readFirst = new Map([...similarities].filter(([id]) => firstIds.has(id)));
      const asked: number[] = [];
      const chosen = await bestWithVectors(all, { ids: firstIds, similarities: readFirst }, horizon, 10, async (ids) => {
        asked.push(...ids);
        return new Map(ids.flatMap((id) => (similarities.has(id) ? [[id, similarities.get(id) ?? 0] as const] : [])));
      });
      expect(chosen.map(({ chunk }) => chunk.id)).toEqual(everySimilarity(all, similarities, 10));
      expect(chosen.map(({ chunk, similarity }) => similarity === (similarities.get(chunk.id) ?? null))).not.toContain(false);
      expect(asked.some((id) => firstIds.has(id))).toBe(false);
      expect(firstIds.size + asked.length).toBeLessThan(all.length);
    }
  });

  it('without vectors: the best as full text alone, ties by id, and those are the likeliest', () => {
    const all = candidates(30, seededRandom(3));
    const best = bestByText(all, 5);
    expect(best.map(({ score }) => score)).toEqual([...all.map(({ score }) => score.fullText)].sort((a, b) => b - a).slice(0, 5));
    expect(likeliest(all, 5, false).map((chunk) => chunk.id)).toEqual(best.map(({ chunk }) => chunk.id));
    const tied = [all[1], all[0]].flatMap((entry) => (entry ? [{ ...entry, score: { fullText: 1, atZeroSimilarity: 1 } }] : []));
    expect(bestByText(tied, 2).map(({ chunk }) => chunk.id)).toEqual([1, 2]);
  });
});
