/**
 * Checks a question set against its documents as the server's parser reads them: every evidence text and
 * every key fact is in its document, and the set has the questions the evaluation needs.
 * `node --import tsx bench/src/eval/check-question-set.ts [bench/eval/questions.json]`
 */
import { DEFAULT_QUESTION_SET, documentName, readQuestionSet } from './question-set.ts';
import { readSetDocument } from './read-document.ts';
import { holdsAny } from './text-match.ts';

const file = process.argv[2] ?? DEFAULT_QUESTION_SET;
const { set, documentsDir, sitesDir } = readQuestionSet(file);
const problems: string[] = [];
const texts = new Map<string, string>();
for (const document of set.documents) texts.set(documentName(document), (await readSetDocument(document, { documentsDir, sitesDir })).text);
for (const question of set.answerable) {
  const text = texts.get(question.document) ?? '';
  for (const evidence of question.evidence) {
    if (!holdsAny(text, [evidence])) problems.push(`${question.id}: evidence not in ${question.document}: "${evidence}"`);
  }
  question.facts.forEach((group, index) => {
    if (!holdsAny(text, group)) problems.push(`${question.id}: key fact ${index + 1} (${group.join(' | ')}) not in ${question.document}`);
  });
}
const paraphrased = set.answerable.filter((question) => question.style === 'paraphrased').length;
if (set.answerable.length < 60) problems.push(`${set.answerable.length} answerable questions: the evaluation needs at least 60.`);
if (paraphrased * 2 < set.answerable.length) problems.push(`${paraphrased} of ${set.answerable.length} answerable questions are paraphrased: at least half must be.`);
if (set.outOfScope.length < 15) problems.push(`${set.outOfScope.length} questions no document answers: the evaluation needs at least 15.`);
const perDocument = set.documents.map((document) => `${documentName(document)} ${set.answerable.filter((question) => question.document === documentName(document)).length}`);
process.stdout.write(`${set.answerable.length} answerable (${paraphrased} paraphrased: ${perDocument.join(', ')}), ${set.outOfScope.length} out of scope\n`);
for (const problem of problems) process.stdout.write(`- ${problem}\n`);
process.exitCode = problems.length > 0 ? 1 : 0;
