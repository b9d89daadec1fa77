import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { answerSources } from '../../db/schema.ts';

/** The most characters of a passage kept with an answer: enough to recognise it, not a second copy of the store. */
export const EXCERPT_CHARS = 300;

/** One thing an answer was built from: a document's passage or an Inform-the-Bot item (a correction). */
export interface AnswerSource {
  documentId: number | null;
  informTheBotId: number | null;
  title: string;
  page: number | null;
  pageEnd: number | null;
  heading: string | null;
  excerpt: string;
  /** The search's relevance (0 to 1); for a correction, how alike the question is to the correction's (trigram similarity). */
  relevance: number;
}

/** Cuts a passage to EXCERPT_CHARS at a word boundary, with an ellipsis when it was longer. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Writes an answer's sources, best first, in the transaction that records the answer. */
export async function insertAnswerSources(tx: Db, historyId: number, sources: readonly AnswerSource[]): Promise<void> {
  if (sources.length === 0) return;
  await tx.insert(answerSources).values(
    sources.map((source, position) => ({ historyId, position, ...source, excerpt: excerptOf(source.excerpt) })),
  );
}

/** The sources of the given answers, each answer's best first. */
export async function answerSourcesOf(db: Db, historyIds: readonly number[]): Promise<Map<number, AnswerSource[]>> {
  const byAnswer = new Map<number, AnswerSource[]>();
  if (historyIds.length === 0) return byAnswer;
  const rows = await db
    .select()
    .from(answerSources)
    .where(inArray(answerSources.historyId, [...historyIds]))
    .orderBy(asc(answerSources.historyId), asc(answerSources.position));
  for (const { historyId, position: _position, ...source } of rows) {
    byAnswer.set(historyId, [...(byAnswer.get(historyId) ?? []), source]);
  }
  return byAnswer;
}
