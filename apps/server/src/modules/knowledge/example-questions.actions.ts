import type { Db } from '../../db/client.ts';
import { exampleQuestions } from './example-questions.ts';
import { readExampleQuestionSources } from './example-questions.repository.ts';

/** Example questions from the newest indexed documents (none without documents), and how many documents are indexed. */
export async function documentExampleQuestions(db: Db): Promise<{ questions: string[]; documents: number }> {
  const { sources, documents } = await readExampleQuestionSources(db);
  return { questions: exampleQuestions(sources), documents };
}
