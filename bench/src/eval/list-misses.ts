/**
 * The answers that miss a key fact although the right passage was ranked first, from the last `npm run eval`
 * of a set (test-results/eval/), grouped by the kind of miss (answer-misses.ts), as Markdown:
 * `node --import tsx bench/src/eval/list-misses.ts [--set <file>]`. Each shows the question, the facts it
 * misses, the answer's own text and the start of the first passage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type MissKind, missKind } from './answer-misses.ts';
import type { QuestionOutcome } from './eval-report.ts';
import { DEFAULT_QUESTION_SET, readQuestionSet, resultsFileOf } from './question-set.ts';
import { holdsAny } from './text-match.ts';

/** How much of the first passage each miss shows. */
const PASSAGE_CHARACTERS = 700;

const { values: options } = parseArgs({ options: { set: { type: 'string' } } });
const setFile = path.resolve(options.set ?? DEFAULT_QUESTION_SET);
const { set } = readQuestionSet(setFile);
const resultsFile = resultsFileOf(setFile);
const { outcomes } = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { outcomes: QuestionOutcome[] };
const questions = new Map(set.answerable.map((question) => [question.id, question]));

const byKind = new Map<MissKind, string[]>();
const rankedFirst = outcomes.filter((outcome) => outcome.answerable && outcome.rank === 1);
for (const outcome of rankedFirst.filter((each) => !each.factsInAnswer)) {
  const facts = questions.get(outcome.id)?.facts ?? [];
  const missing = facts.filter((group) => !holdsAny(outcome.answerBody, group));
  const kind = missKind({ ...outcome, missing });
  const passage = outcome.topPassage.replace(/\s+/g, ' ').slice(0, PASSAGE_CHARACTERS);
  byKind.set(kind, [
    ...(byKind.get(kind) ?? []),
    [
      `- **${outcome.id}** "${outcome.question}"`,
      `  - misses: ${missing.map((group) => group.map((fact) => `\`${fact}\``).join(' or ')).join('; ')}`,
      `  - answer: ${outcome.answerKind === 'unknown' ? '(declined)' : `“${outcome.answerBody}”`}`,
      `  - first passage: “${passage}${outcome.topPassage.length > PASSAGE_CHARACTERS ? '…' : ''}”`,
    ].join('\n'),
  ]);
}
const missed = [...byKind.values()].reduce((sum, list) => sum + list.length, 0);
process.stdout.write(
  [
    `# Answers missing a key fact, right passage ranked first: ${path.basename(path.dirname(setFile))}/${path.basename(setFile)}`,
    '',
    `${missed} of the ${rankedFirst.length} questions whose right passage is ranked first (${path.relative(process.cwd(), resultsFile)}).`,
    '',
    ...[...byKind].flatMap(([kind, entries]) => [`## ${kind} (${entries.length})`, '', ...entries, '']),
  ].join('\n'),
);
