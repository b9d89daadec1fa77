import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bigintArray, textArray } from '../../db/sql-arrays.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { type CandidateTerm, candidateTerms } from './candidate-terms.ts';
import { notExcluded } from './knowledge-exclusions.repository.ts';
import { generationLiteral, vectorLiteral } from './knowledge-vectors.ts';

/**
 * The knowledge search's statements (knowledge-search.ts runs them in order): the question's term statistics,
 * the full-text side's candidates and the vector side's, the documents' titles, the similarities, and the
 * chosen passages' texts with where the question's words sit in them.
 */

/**
 * ts_rank_cd's weights for D, C, B and A (at most 1 each): a passage's text is weighted D, its heading A
 * (migration 2200). With one occurrence worth TERM_FREQUENCY_UNIT, ts_rank_cd of a one-word query without
 * normalisation is that word's count, a heading's occurrence counting double.
 */
const TERM_FREQUENCY_WEIGHTS = '{0.5,0.5,0.5,1}';
export const TERM_FREQUENCY_UNIT = 0.5;

/** The most chunks the full-text side scores (candidateWords): BM25 weighs a question's common words little. */
export const TEXT_CANDIDATES = 500;
/** The vector side's chunks: the nearest window of each, of the WINDOW_CANDIDATES nearest windows. */
export const VECTOR_CANDIDATES = 50;
export const WINDOW_CANDIDATES = 2 * VECTOR_CANDIDATES;

export interface QueryEmbedding {
  vector: ArrayLike<number>;
  dimensions: number;
  /** The generation whose vectors it is compared with (the active one when it was embedded). */
  generation: number;
}

/** A known term of the question (question-terms.ts) as the statements use it: its stem and the chunks holding it. */
type SearchedTerm = CandidateTerm;

/** Each text's English stems, in the texts' order, with the chunks holding each and the chunks in all. */
export const termStatistics = (db: Db, texts: readonly string[]) =>
  sqlRows<{ position: number | string; term: string; chunks: number | string; total: number | string }>(db, sql`
    SELECT e.position - 1 AS position, stem.term, coalesce(k.chunks, 0) AS chunks, coalesce((SELECT chunks FROM knowledge_totals WHERE id = 1), 0) AS total
    FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS e(text, position)
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', steward_search_text(e.text)))) AS stem(term)
    LEFT JOIN knowledge_terms k ON k.term = stem.term
    ORDER BY e.position, stem.term`);

/** A LIKE pattern's own characters escaped: "sshd_config" matches itself only. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** The store's paths (lexemes with a slash: "/usr/share/man/manfoo", "kermit/sz/rz") holding any of `words`, the most common first, at most `most`. */
export const pathTermsHoldingAny = (db: Db, words: readonly string[], most: number) =>
  sqlRows<{ term: string; chunks: number | string }>(db, sql`
    SELECT k.term, k.chunks FROM knowledge_terms k
    WHERE strpos(k.term, '/') > 0 AND k.term LIKE ANY (${textArray(words.map((word) => `%${likeLiteral(word)}%`))})
    ORDER BY k.chunks DESC, k.term LIMIT ${most}`);

/** The store's words that start or end with any of `stems` ("keypad" for "pad"), the most common first, at most `most`: one scan of the terms. */
export const termsStartingOrEndingWithAny = (db: Db, stems: readonly string[], most: number) =>
  sqlRows<{ term: string; chunks: number | string }>(db, sql`
    SELECT k.term, k.chunks FROM knowledge_terms k
    WHERE k.term LIKE ANY (${textArray(stems.flatMap((stem) => [`${likeLiteral(stem)}%`, `%${likeLiteral(stem)}`]))})
    ORDER BY k.chunks DESC, k.term LIMIT ${most}`);

/** Of `prefixes` (letters: "f", "raid"), those the store holds with a number after them ("f11", "raid5"), each with how many such words. */
export const numberedTermsOf = (db: Db, prefixes: readonly string[]) =>
  sqlRows<{ prefix: string; members: number | string }>(db, sql`
    SELECT p.prefix, count(*) AS members FROM unnest(${textArray(prefixes)}) AS p(prefix)
    JOIN knowledge_terms k ON k.term LIKE p.prefix || '%' AND k.term ~ ('^' || p.prefix || '[0-9]+$')
    GROUP BY p.prefix`);

/**
 * The vector side: the chunks of the WINDOW_CANDIDATES windows nearest the question (HNSW, cosine), the
 * VECTOR_CANDIDATES first by their nearest window, with its distance. Run it in withAllWindowCandidates.
 * `question` is the question's vector in the statement (its literal, by default).
 */
export function nearestChunks({ vector, dimensions, generation }: QueryEmbedding, question?: SQL, documentId?: number) {
  const asVector = sql.raw(`vector(${String(dimensions)})`);
  // One document's windows are read whole (a few thousand at most): the HNSW index, filtered afterwards, could find none of them.
  // The generation as a literal: the planner matches its partial HNSW index only on one.
  const windows =
    documentId === undefined
      ? sql`knowledge_chunk_windows WHERE generation = ${generationLiteral(generation)}`
      : sql`(SELECT w.chunk_id, w.embedding FROM knowledge_chunk_windows w JOIN knowledge_chunks c ON c.id = w.chunk_id
          WHERE c.document_id = ${documentId} AND w.generation = ${generationLiteral(generation)} AND ${notExcluded('c')} OFFSET 0) document_windows`;
  return sql`SELECT chunk_id AS id, min(distance) AS distance FROM (
      SELECT chunk_id, embedding::${asVector} <=> ${question ?? sql`${vectorLiteral(vector)}::${asVector}`} AS distance
      FROM ${windows} ORDER BY distance LIMIT ${WINDOW_CANDIDATES}) nearest_windows
    GROUP BY chunk_id ORDER BY min(distance), chunk_id LIMIT ${VECTOR_CANDIDATES}`;
}

/** Only the chunks of one document (a search scoped to it), or all; never an excluded passage. */
const searchable = (documentId: number | undefined): SQL =>
  documentId === undefined ? notExcluded('c') : sql`c.document_id = ${documentId} AND ${notExcluded('c')}`;

export interface ScoredChunkRow {
  id: number | string;
  document_id: number | string | null;
  /** Lexemes in the chunk's search vector (BM25's document length). */
  length: number | string;
  average_length: number | string;
  /** ts_rank_cd of each known question term, in the question's order (TERM_FREQUENCY_UNIT per occurrence). */
  ranks: (number | string)[];
}

/** The chunks the full-text side scores, as a tsquery (candidate-terms.ts). */
function candidateWords(known: readonly SearchedTerm[]) {
  const chosen = candidateTerms(known, TEXT_CANDIDATES);
  if (!chosen) return undefined;
  if (chosen.all) return sql.join(chosen.all.map((term) => sql`steward_any_lexeme(${textArray([term])})`), sql` && `);
  return sql`steward_any_lexeme(${textArray(chosen.any)})`;
}

/**
 * A chunk's columns BM25 is computed from: its length and each known term's ts_rank_cd, in one array (one call
 * per term against a constant query: the same counts through a lateral join and an aggregate took twice the time
 * at 500 candidates).
 */
function scoreColumns(known: readonly SearchedTerm[]): SQL {
  const ranks = known.length === 0 ? sql`'{}'::float8[]` : sql`ARRAY[${sql.join(known.map((term) => sql`ts_rank_cd(${TERM_FREQUENCY_WEIGHTS}::float4[], c.search_vector, steward_any_lexeme(${textArray([term.term])}), 0)`), sql`, `)}]::float8[]`;
  return sql`c.id, c.document_id, length(c.search_vector) AS length, ${ranks} AS ranks,
    (SELECT greatest(lexemes, 1)::float8 / greatest(chunks, 1) FROM knowledge_totals WHERE id = 1) AS average_length`;
}

/** The full-text side's candidates (candidateWords), with what BM25 is computed from, as its index scan finds them. */
export async function textCandidateRows(db: Db, known: readonly SearchedTerm[], documentId?: number): Promise<ScoredChunkRow[]> {
  const words = candidateWords(known);
  if (!words) return [];
  return sqlRows<ScoredChunkRow>(db, sql`SELECT ${scoreColumns(known)} FROM knowledge_chunks c WHERE c.search_vector @@ (${words}) AND ${searchable(documentId)} LIMIT ${TEXT_CANDIDATES}`);
}

/** How many chunks holding an option's name as typed are read to find the ones defining it. */
export const OPTION_CANDIDATES = 100;

/**
 * Chunks whose text holds `text` as typed, or lower-case (an option's name, "--delete"), and that hold all of `terms` (the
 * words it gave, found by the index first), with what BM25 is computed from and their text.
 */
export async function chunksHoldingText(db: Db, known: readonly SearchedTerm[], text: string, caseInsensitive: boolean, terms: readonly string[], documentId?: number) {
  if (terms.length === 0) return [];
  const all = sql.join(terms.map((term) => sql`steward_any_lexeme(${textArray([term])})`), sql` && `);
  return sqlRows<ScoredChunkRow & { content: string }>(db, sql`
    SELECT ${scoreColumns(known)}, c.content FROM knowledge_chunks c
    WHERE c.search_vector @@ (${all}) AND strpos(${caseInsensitive ? sql`lower(c.content)` : sql`c.content`}, ${text}) > 0 AND ${searchable(documentId)} LIMIT ${OPTION_CANDIDATES}`);
}

/** The chunks of `ids`, with what BM25 is computed from. */
export const scoredChunkRows = (db: Db, known: readonly SearchedTerm[], ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : sqlRows<ScoredChunkRow>(db, sql`SELECT ${scoreColumns(known)} FROM knowledge_chunks c WHERE c.id = ANY (${bigintArray(ids)})`);

/** How many chunks are read for a one-letter option's definition, of those holding a question's rarest words and of its documents' (chunksNamingLetterOption). */
export const LETTER_OPTION_SCANNED = 2000;

/**
 * The texts of chunks that hold a one-letter option (`-a`) as a word of its own, at most OPTION_CANDIDATES, among
 * LETTER_OPTION_SCANNED that hold any of `terms` (the question's rarest words) and as many of the documents whose
 * title holds one ("rsync -a": the rsync manual's; `titled`): English drops "a" as a stop word, so no index holds it.
 */
export function chunksNamingLetterOption(db: Db, terms: readonly string[], option: string, documentId?: number) {
  if (terms.length === 0 || !/^-\p{L}$/u.test(option)) return Promise.resolve([]);
  const alone = `(^|[^[:alnum:]_-])${option}($|[^[:alnum:]_-])`;
  const words = sql`steward_any_lexeme(${textArray(terms)})`;
  return sqlRows<{ id: number | string; content: string; titled: boolean }>(db, sql`
    SELECT c.id, c.content, c.titled FROM (
      (SELECT c.id, c.content, false AS titled FROM knowledge_chunks c WHERE c.search_vector @@ ${words} AND ${searchable(documentId)} LIMIT ${LETTER_OPTION_SCANNED})
      UNION ALL
      (SELECT c.id, c.content, true AS titled FROM knowledge_chunks c
        WHERE c.document_id IN (SELECT d.id FROM documents d WHERE to_tsvector('english', coalesce(d.title, '')) @@ ${words}) AND ${searchable(documentId)} LIMIT ${LETTER_OPTION_SCANNED})
    ) c WHERE c.content ~ ${alone} LIMIT ${OPTION_CANDIDATES}`);
}

/**
 * The vector side's candidates (nearestChunks, each with its distance and what BM25 is computed from) and the
 * similarity of each of them and of the `likely` others: one statement, which sends and parses the question's
 * vector once. A row with no distance is a likely other; one with no similarity, a chunk without windows.
 */
export async function vectorSideRows(db: Db, known: readonly SearchedTerm[], embedding: QueryEmbedding, likely: readonly number[], documentId?: number) {
  const asVector = sql.raw(`vector(${String(embedding.dimensions)})`);
  const question = sql`(SELECT vector FROM question)`;
  return withAllWindowCandidates(db, (tx) =>
    sqlRows<{ [K in keyof ScoredChunkRow]: ScoredChunkRow[K] | null } & { id: number | string; distance: number | string | null; similarity: number | string | null }>(tx, sql`
      WITH question AS MATERIALIZED (SELECT ${vectorLiteral(embedding.vector)}::${asVector} AS vector),
      nearest AS MATERIALIZED (${nearestChunks(embedding, question, documentId)}),
      scored AS (SELECT ${scoreColumns(known)}, nearest.distance FROM nearest JOIN knowledge_chunks c ON c.id = nearest.id WHERE ${searchable(documentId)}),
      likely AS (
        SELECT chunk_id AS id, 1 - min(embedding::${asVector} <=> ${question}) AS similarity FROM knowledge_chunk_windows
        WHERE chunk_id = ANY (${bigintArray(likely)} || ARRAY(SELECT id FROM nearest)) AND generation = ${generationLiteral(embedding.generation)} GROUP BY chunk_id)
      SELECT coalesce(scored.id, likely.id) AS id, scored.document_id, scored.length, scored.ranks, scored.average_length, scored.distance, likely.similarity
      FROM scored FULL JOIN likely ON likely.id = scored.id`),
  );
}

/** The English stems of each document's title. */
export const titleTermsOf = (db: Db, documentIds: readonly number[]) =>
  sqlRows<{ id: number | string; terms: string[] }>(db, sql`
    SELECT id, tsvector_to_array(to_tsvector('english', coalesce(title, ''))) AS terms FROM documents WHERE id = ANY (${bigintArray(documentIds)})`);

/** Each chunk's nearest window's cosine similarity to the question; a chunk without windows is left out. */
export async function similaritiesOf(db: Db, ids: readonly number[], { vector, dimensions, generation }: QueryEmbedding): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const asVector = sql.raw(`vector(${String(dimensions)})`);
  const rows = await sqlRows<{ id: number | string; similarity: number | string }>(db, sql`
    SELECT chunk_id AS id, 1 - min(embedding::${asVector} <=> ${vectorLiteral(vector)}::${asVector}) AS similarity
    FROM knowledge_chunk_windows WHERE chunk_id = ANY (${bigintArray(ids)}) AND generation = ${generationLiteral(generation)} GROUP BY chunk_id`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.similarity)]));
}

export interface DetailRow {
  id: number | string;
  content: string;
  heading: string | null;
  page: number | null;
  page_end: number | null;
  document_id: number | null;
  inform_the_bot_id: number | null;
  document_title: string | null;
  source_url: string | null;
  /** No chunk next to it in its document sits under the same headings: it holds its section's whole text. */
  whole_section: boolean;
  /** The chunk's search vector narrowed to the question's terms, as PostgreSQL's text form of a tsvector. */
  hits: string;
}

/**
 * The chosen candidates' texts and where the question's words sit in each (an excluded passage never: the last
 * gate before an answer, whatever found it): one statement, its search vector
 * narrowed to the question's terms (ts_delete of the others) as text. Unnesting each whole vector and reading
 * the texts apart took twice as long.
 */
export async function details(db: Db, ids: readonly number[], terms: readonly { term: string }[]): Promise<DetailRow[]> {
  if (ids.length === 0) return [];
  return sqlRows<DetailRow>(db, sql`
    SELECT c.id, c.content, c.heading, c.page, c.page_end, c.document_id, c.inform_the_bot_id, d.title AS document_title, d.source_url,
      NOT EXISTS (SELECT 1 FROM knowledge_chunks n WHERE n.document_id = c.document_id AND n.chunk_index IN (c.chunk_index - 1, c.chunk_index + 1) AND n.heading IS NOT DISTINCT FROM c.heading) AS whole_section,
      ts_delete(c.search_vector, tsvector_to_array(ts_delete(c.search_vector, ${textArray(terms.map((term) => term.term))})))::text AS hits
    FROM knowledge_chunks c LEFT JOIN documents d ON d.id = c.document_id WHERE c.id = ANY (${bigintArray(ids)}) AND ${notExcluded('c')}`);
}

export interface SectionChunkRow {
  chunk_index: number;
  content: string;
  page: number | null;
  /** Null for a chunk stored before migration 3800. */
  starts_section: boolean | null;
  excluded: boolean;
}

/**
 * Chunk `id` and the chunks before it in its document under the same headings, at most `most` of them, in order,
 * each saying whether it starts its section and whether staff excluded it.
 */
export const chunkAndEarlierInSection = (db: Db, id: number, most: number) =>
  sqlRows<SectionChunkRow>(db, sql`
    SELECT p.chunk_index, p.content, p.page, p.starts_section, NOT ${notExcluded('p')} AS excluded
    FROM knowledge_chunks c JOIN knowledge_chunks p ON p.document_id = c.document_id AND p.heading IS NOT DISTINCT FROM c.heading
      AND p.chunk_index >= c.chunk_index - ${most} AND p.chunk_index <= c.chunk_index
    WHERE c.id = ${id} ORDER BY p.chunk_index`);

/** Runs `work` in a transaction where pgvector's HNSW search answers all WINDOW_CANDIDATES (at its default, 40 at most). */
export const withAllWindowCandidates = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${WINDOW_CANDIDATES}`));
    return work(tx);
  });
