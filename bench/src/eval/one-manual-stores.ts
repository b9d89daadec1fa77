import { askChat, deleteSources, indexDocuments, type SetSources } from './eval-server.ts';
import { documentName, type QuestionSet } from './question-set.ts';

/** How the answer rule fares when the store holds one manual, as for a customer with one product. */
export interface OneManualDeclines {
  answerable: number;
  /** Answerable questions answered "I don't know" with their own manual alone in the store. */
  wronglyDeclined: number;
  /** Their ids, for reading them (the run's outcomes file keeps them). */
  wronglyDeclinedIds?: string[];
  /** Asks of the out-of-scope questions (each asked of every manual's store) answered "I don't know". */
  outOfScope: number;
  outOfScopeDeclined: number;
}

/**
 * Each of the set's documents alone in the store, in turn, through the public calls: uploaded and indexed, its
 * own answerable questions and every out-of-scope question asked of the chat, then deleted as the Documents
 * screen does. A manual of a few hundred pages lacks most everyday English, which a store of several does not:
 * the answer rule must not decline a question for an everyday word the one manual happens not to use.
 */
export async function askOneManualAtATime(url: string, cookie: string, set: QuestionSet, sources: SetSources): Promise<OneManualDeclines> {
  const declines: OneManualDeclines = { answerable: 0, wronglyDeclined: 0, wronglyDeclinedIds: [], outOfScope: 0, outOfScopeDeclined: 0 };
  for (const document of set.documents) {
    const indexed = await indexDocuments(url, cookie, [document], sources);
    for (const question of set.answerable.filter((each) => each.document === documentName(document))) {
      declines.answerable += 1;
      if ((await askChat(url, question.question)).answer_kind !== 'unknown') continue;
      declines.wronglyDeclined += 1;
      declines.wronglyDeclinedIds?.push(question.id);
    }
    for (const question of set.outOfScope) {
      declines.outOfScope += 1;
      if ((await askChat(url, question.question)).answer_kind === 'unknown') declines.outOfScopeDeclined += 1;
    }
    await deleteSources(url, cookie, indexed);
  }
  return declines;
}
