import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { Embedder } from '../../ingest/embedders/embedder.ts';
import { cosineSimilarities } from '../../ingest/embedders/cosine-similarities.ts';
import { parseSearchText, toTsQuery } from './search-text.ts';

/** How much of each result is read: the rest of a long answer says little more about relevance. */
const READ_CHARACTERS = 2000;
/** Added when a result holds the query exactly (accents, case and spacing aside). */
export const EXACT_PHRASE_BONUS = 0.5;

export interface RankedResult {
  index: number;
  score: number;
}

/**
 * The best of the results shown for a query: full-text rank (ts_rank_cd of any of the query's words,
 * scaled to 0–1) + the cosine of the document embedder's vectors of query and result + a bonus for
 * the exact query. Deterministic: a tie goes to the earlier result. When the embedder fails, the
 * other two decide, and the log says why.
 */
export async function rankResults(
  deps: { db: Db; embedder: Embedder; log: Pick<FastifyBaseLogger, 'warn'> },
  query: string,
  results: readonly string[],
): Promise<RankedResult[]> {
  const texts = results.map((result) => result.slice(0, READ_CHARACTERS));
  const [textRanks, cosines] = await Promise.all([fullTextRanks(deps.db, query, texts), cosineSimilarities(deps, query, texts, { failure: 'rerank: the embedder failed, ranking by full text and exact phrase only' })]);
  const phrase = fold(query.replaceAll('"', ''));
  return texts.map((text, index) => ({
    index,
    score: (textRanks[index] ?? 0) + (cosines[index] ?? 0) + (phrase && fold(text).includes(phrase) ? EXACT_PHRASE_BONUS : 0),
  }));
}

export function bestOf(ranked: readonly RankedResult[]): RankedResult {
  return ranked.reduce((best, candidate) => (candidate.score > best.score ? candidate : best), ranked[0] ?? { index: 0, score: 0 });
}

/** Lower case, no accents, single spaces: how "exactly" is meant for the phrase bonus. */
const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

async function fullTextRanks(db: Db, query: string, texts: readonly string[]): Promise<number[]> {
  const allWords = toTsQuery(parseSearchText(query));
  if (!allWords) return texts.map(() => 0);
  const anyWord = allWords.replaceAll(' & ', ' | ');
  const rows = await sqlRows<{ position: number; rank: number }>(db, sql`
    SELECT position, ts_rank_cd(to_tsvector('steward_search', text), to_tsquery('steward_search', ${anyWord}), 32) AS rank
    FROM (VALUES ${sql.join(texts.map((text, position) => sql`(${position}::int, ${text}::text)`), sql`, `)}) AS shown(position, text)`);
  const ranks = texts.map(() => 0);
  for (const row of rows) ranks[row.position] = Number(row.rank);
  return ranks;
}
