import { describe, expect, it } from 'vitest';
import { evalMarkdown, evalTargets, type QuestionOutcome, summarise } from './eval-report.ts';
import { rankingMeasures } from './metrics.ts';

const outcome = (id: string, fields: Partial<QuestionOutcome>): QuestionOutcome => ({
  id,
  question: `Question ${id}?`,
  answerable: true,
  style: 'paraphrased',
  rank: 1,
  baselineRank: 1,
  searchMs: 10,
  askMs: 20,
  answerKind: 'extractive',
  factsHeld: true,
  factsInAnswer: true,
  onlyQuestionOrHeading: null,
  answer: 'An answer. Source: A manual',
  answerBody: 'An answer.',
  topPassage: 'A passage.',
  topScore: 1,
  ...fields,
});

/** Ten answerable questions and two out of scope, the first right passage and the answers' facts set apart. */
const outcomes: QuestionOutcome[] = [
  // Right passage first: 4 of these 6 answers hold every fact in their own text; one only in its source.
  outcome('a1', {}),
  outcome('a2', {}),
  outcome('a3', {}),
  outcome('a4', {}),
  outcome('a5', { factsHeld: true, factsInAnswer: false }),
  outcome('a6', { factsHeld: false, factsInAnswer: false, onlyQuestionOrHeading: 'question' }),
  // Right passage lower or missing: one answer still holds its facts, one is a heading, one is declined.
  outcome('b1', { rank: 3 }),
  outcome('b2', { rank: 2, factsHeld: false, factsInAnswer: false, onlyQuestionOrHeading: 'heading' }),
  outcome('b3', { rank: null, factsHeld: false, factsInAnswer: false }),
  outcome('b4', { rank: null, factsHeld: false, factsInAnswer: false, answerKind: 'unknown' }),
  // Out of scope: one declined, one answered with a heading.
  outcome('o1', { answerable: false, rank: null, baselineRank: null, factsHeld: false, factsInAnswer: false, answerKind: 'unknown' }),
  outcome('o2', { answerable: false, rank: null, baselineRank: null, factsHeld: false, factsInAnswer: false, onlyQuestionOrHeading: 'heading' }),
];

describe("the report of the answers' own text", () => {
  const summary = summarise(outcomes, rankingMeasures);

  it('counts the answers holding every key fact among the questions whose right passage is first, and among all answerable', () => {
    expect(summary.factsInAnswerRankedFirst).toEqual({ part: 4, whole: 6 });
    expect(summary.factsInAnswer).toEqual({ part: 5, whole: 10 });
    // The line of issue 37 keeps its meaning: the facts anywhere in the answer, its source included.
    expect(summary.factsHeld).toBeCloseTo(6 / 10);
  });

  it('counts the answers that are only a question line or a heading among every answer given, declines aside', () => {
    expect(summary.questionOrHeadingOnly).toEqual({ part: 3, whole: 10 });
  });

  it('judges them against issue 54’s targets', () => {
    const targets = Object.fromEntries(evalTargets(summary).map((target) => [target.label, target]));
    expect(targets['answers holding every key fact in their own text, right passage ranked first']).toMatchObject({ measured: '66.7 % (4 of 6)', target: '≥ 90 %', met: false });
    expect(targets['answers holding every key fact in their own text, all answerable']).toMatchObject({ measured: '50.0 % (5 of 10)', target: '≥ 70 %', met: false });
    expect(targets['answers that are only a question line or a heading']).toMatchObject({ measured: '3 of 10 answers', target: '0', met: false });
    expect(targets['answers holding every key fact']).toMatchObject({ measured: '60.0 %', target: '≥ 75 %' });

    const good = summarise(
      outcomes.filter((each) => each.factsInAnswer || !each.answerable).map((each) => ({ ...each, onlyQuestionOrHeading: null })),
      rankingMeasures,
    );
    const met = Object.fromEntries(evalTargets(good).map((target) => [target.label, target.met]));
    expect(met['answers holding every key fact in their own text, right passage ranked first']).toBe(true);
    expect(met['answers holding every key fact in their own text, all answerable']).toBe(true);
    expect(met['answers that are only a question line or a heading']).toBe(true);
  });

  it('prints them in the table, with their verdicts', () => {
    const table = evalMarkdown('bench/eval/questions.json', summary, 'Measured now.');
    expect(table).toContain('| answers holding every key fact in their own text, right passage ranked first | 66.7 % (4 of 6) | ≥ 90 % | ✗ |');
    expect(table).toContain('| answers holding every key fact in their own text, all answerable | 50.0 % (5 of 10) | ≥ 70 % | ✗ |');
    expect(table).toContain('| answers that are only a question line or a heading | 3 of 10 answers | 0 | ✗ |');
  });
});
