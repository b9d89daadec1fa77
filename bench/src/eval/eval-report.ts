import { percentile, type RankingMeasures } from './metrics.ts';
import type { OneManualDeclines } from './one-manual-stores.ts';

/** One question's outcome in a run. */
export interface QuestionOutcome {
  id: string;
  question: string;
  answerable: boolean;
  style?: 'literal' | 'paraphrased';
  /** The knowledge search's rank of the first right passage (answerable questions), null when none of the 10 is. */
  rank: number | null;
  baselineRank: number | null;
  searchMs: number;
  askMs: number;
  answerKind: string;
  /** The answer holds every key fact (answerable questions). */
  factsHeld: boolean;
  /** The same in the answer's own text, without the source it cites (answer-shape.ts' answerBody). */
  factsInAnswer: boolean;
  /** The answer's own text is only a FAQ's question line or a heading (answer-shape.ts), or null. */
  onlyQuestionOrHeading: 'question' | 'heading' | null;
  answer: string;
  /** The answer's own text, without the source it cites (answer-shape.ts' answerBody). */
  answerBody: string;
  /** The search's first passage, as the report shows a miss. */
  topPassage: string;
  topScore: number | null;
}

export interface EvalSummary {
  answerable: number;
  paraphrased: number;
  outOfScope: number;
  search: RankingMeasures;
  baseline: RankingMeasures;
  /** The same for paraphrased questions only. */
  searchParaphrased: RankingMeasures;
  baselineParaphrased: RankingMeasures;
  factsHeld: number;
  /** Answers holding every key fact in their own text (the source they cite left out), among the questions whose first passage is right and among all answerable ones. */
  factsInAnswerRankedFirst: Count;
  factsInAnswer: Count;
  /** Answers (of every question not declined) that are only a question line or a heading. */
  questionOrHeadingOnly: Count;
  wronglyDeclined: number;
  outOfScopeDeclined: number;
  searchMs: { p50: number; p95: number };
  askMs: { p50: number; p95: number };
  /** The answer rule with each document alone in the store, when that part ran. */
  oneManual?: OneManualDeclines;
}

/** Some of a whole: `part` of `whole`. */
export interface Count {
  part: number;
  whole: number;
}

export interface EvalTarget {
  label: string;
  measured: string;
  target: string;
  met: boolean;
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const points = (share: number) => (share * 100).toFixed(1);
const shareOf = (count: Count) => (count.whole === 0 ? 0 : count.part / count.whole);
const countedPercent = (count: Count) => `${percent(shareOf(count))} (${count.part} of ${count.whole})`;

/** The issue's targets (issue 37, and issue 54 for the answers' own text), each with its verdict. */
export function evalTargets(summary: EvalSummary): EvalTarget[] {
  const lead = summary.search.hitAt1 - summary.baseline.hitAt1;
  return [
    { label: 'hit@1, points above the BM25 baseline of the same run', measured: `${points(summary.search.hitAt1)} − ${points(summary.baseline.hitAt1)} = ${points(lead)}`, target: '≥ 15', met: lead >= 0.15 },
    { label: 'hit@5', measured: percent(summary.search.hitAt5), target: '≥ 85 %', met: summary.search.hitAt5 >= 0.85 },
    { label: 'MRR@10', measured: summary.search.mrrAt10.toFixed(3), target: '≥ 0.70', met: summary.search.mrrAt10 >= 0.7 },
    { label: 'answers holding every key fact', measured: percent(summary.factsHeld), target: '≥ 75 %', met: summary.factsHeld >= 0.75 },
    {
      label: 'answers holding every key fact in their own text, right passage ranked first',
      measured: countedPercent(summary.factsInAnswerRankedFirst),
      target: '≥ 90 %',
      met: shareOf(summary.factsInAnswerRankedFirst) >= 0.9,
    },
    { label: 'answers holding every key fact in their own text, all answerable', measured: countedPercent(summary.factsInAnswer), target: '≥ 70 %', met: shareOf(summary.factsInAnswer) >= 0.7 },
    {
      label: 'answers that are only a question line or a heading',
      measured: `${summary.questionOrHeadingOnly.part} of ${summary.questionOrHeadingOnly.whole} answers`,
      target: '0',
      met: summary.questionOrHeadingOnly.part === 0,
    },
    { label: 'out-of-scope questions declined', measured: percent(summary.outOfScopeDeclined), target: '≥ 90 %', met: summary.outOfScopeDeclined >= 0.9 },
    { label: 'answerable questions wrongly declined', measured: percent(summary.wronglyDeclined), target: '≤ 5 %', met: summary.wronglyDeclined <= 0.05 },
  ];
}

export function summarise(outcomes: readonly QuestionOutcome[], measure: (ranks: readonly (number | null)[]) => RankingMeasures): EvalSummary {
  const answerable = outcomes.filter((outcome) => outcome.answerable);
  const paraphrased = answerable.filter((outcome) => outcome.style === 'paraphrased');
  const outOfScope = outcomes.filter((outcome) => !outcome.answerable);
  const share = (list: readonly QuestionOutcome[], test: (outcome: QuestionOutcome) => boolean) => (list.length === 0 ? 0 : list.filter(test).length / list.length);
  const declined = (outcome: QuestionOutcome) => outcome.answerKind === 'unknown';
  const count = (list: readonly QuestionOutcome[], test: (outcome: QuestionOutcome) => boolean): Count => ({ part: list.filter(test).length, whole: list.length });
  const answered = outcomes.filter((outcome) => !declined(outcome));
  const times = (pick: (outcome: QuestionOutcome) => number) => ({ p50: percentile(outcomes.map(pick), 50), p95: percentile(outcomes.map(pick), 95) });
  return {
    answerable: answerable.length,
    paraphrased: paraphrased.length,
    outOfScope: outOfScope.length,
    search: measure(answerable.map((outcome) => outcome.rank)),
    baseline: measure(answerable.map((outcome) => outcome.baselineRank)),
    searchParaphrased: measure(paraphrased.map((outcome) => outcome.rank)),
    baselineParaphrased: measure(paraphrased.map((outcome) => outcome.baselineRank)),
    factsHeld: share(answerable, (outcome) => outcome.factsHeld),
    factsInAnswerRankedFirst: count(
      answerable.filter((outcome) => outcome.rank === 1),
      (outcome) => outcome.factsInAnswer,
    ),
    factsInAnswer: count(answerable, (outcome) => outcome.factsInAnswer),
    questionOrHeadingOnly: count(answered, (outcome) => outcome.onlyQuestionOrHeading !== null),
    wronglyDeclined: share(answerable, declined),
    outOfScopeDeclined: share(outOfScope, declined),
    searchMs: times((outcome) => outcome.searchMs),
    askMs: times((outcome) => outcome.askMs),
  };
}

/** The run's one table (the targets), then the rankings side by side and the latencies. */
export function evalMarkdown(setName: string, summary: EvalSummary, context: string): string {
  const rows = evalTargets(summary).map((target) => `| ${target.label} | ${target.measured} | ${target.target} | ${target.met ? '✓' : '✗'} |`);
  const ranking = (label: string, search: RankingMeasures, baseline: RankingMeasures) =>
    `| ${label} | ${points(search.hitAt1)} / ${points(baseline.hitAt1)} | ${points(search.hitAt5)} / ${points(baseline.hitAt5)} | ${search.mrrAt10.toFixed(3)} / ${baseline.mrrAt10.toFixed(3)} |`;
  return [
    `### The evaluation: ${setName}`,
    '',
    context,
    '',
    `${summary.answerable} answerable questions (${summary.paraphrased} paraphrased) and ${summary.outOfScope} that no document answers.`,
    '',
    '| measure | measured | target | met |',
    '|---|---|---|---|',
    ...rows,
    '',
    '| questions | hit@1 % (search / BM25) | hit@5 % | MRR@10 |',
    '|---|---|---|---|',
    ranking('all answerable', summary.search, summary.baseline),
    ranking('paraphrased', summary.searchParaphrased, summary.baselineParaphrased),
    '',
    `Latency, one call at a time: knowledge search p50 ${summary.searchMs.p50.toFixed(1)} ms, p95 ${summary.searchMs.p95.toFixed(1)} ms; ` +
      `ask (search, answer, history row) p50 ${summary.askMs.p50.toFixed(1)} ms, p95 ${summary.askMs.p95.toFixed(1)} ms.`,
    ...(summary.oneManual ? ['', oneManualLine(summary.oneManual)] : []),
  ].join('\n');
}

/** The answer rule with one manual per store: not one of the targets, the same bar for wrongly declined. */
export function oneManualLine(declines: OneManualDeclines): string {
  const share = (part: number, whole: number) => percent(whole === 0 ? 0 : part / whole);
  return (
    `One manual per store (each document alone, uploaded, asked and deleted in turn): answerable questions wrongly declined ` +
    `${share(declines.wronglyDeclined, declines.answerable)} (${declines.wronglyDeclined} of ${declines.answerable}); ` +
    `out-of-scope questions declined ${share(declines.outOfScopeDeclined, declines.outOfScope)} (${declines.outOfScopeDeclined} of ${declines.outOfScope} asks).`
  );
}
