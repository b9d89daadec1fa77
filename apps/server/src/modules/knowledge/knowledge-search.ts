import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { vectorLiteral } from './knowledge-vectors.ts';
import { modelFor, type PassageFeatures, passageFeatures, type QuestionTerm, relevancesOf, scoreOf, SYNONYM_WEIGHT, type TermHits } from './passage-features.ts';
import { informativenessOf } from './lexicon/english-word-frequencies-of.ts';
import { baseFormOf } from './lexicon/irregular-verbs.ts';
import { synonymsOf } from './lexicon/synonyms-of.ts';

/**
 * The knowledge search, as the field builds one: a first stage that gathers candidates from both sides and
 * scores them (BM25 over the full text, the vector side's nearest windows), then a second stage that reranks
 * the best of them on features computed for each (passage-features.ts) into a calibrated relevance.
 */

/** BM25's usual constants (Lucene's and Elasticsearch's defaults). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/**
 * ts_rank_cd's weights for D, C, B and A (at most 1 each): a passage's text is weighted D, its heading A
 * (migration 2200). With one occurrence worth TERM_FREQUENCY_UNIT, ts_rank_cd of a one-word query without
 * normalisation is that word's count, a heading's occurrence counting double.
 */
const TERM_FREQUENCY_WEIGHTS = '{0.5,0.5,0.5,1}';
const TERM_FREQUENCY_UNIT = 0.5;

/** The most chunks the full-text side scores (candidateWords): BM25 weighs a question's common words little. */
export const TEXT_CANDIDATES = 500;
/** The vector side's chunks: the nearest window of each, of the WINDOW_CANDIDATES nearest windows. */
export const VECTOR_CANDIDATES = 50;
export const WINDOW_CANDIDATES = 2 * VECTOR_CANDIDATES;
/** Candidates that go on to the second stage, best first by the first (k of them when more are asked for). */
export const RERANKED = 30;

export interface Passage {
  chunkId: number;
  text: string;
  /** The headings it sits under, outermost first; null for none. */
  heading: string | null;
  documentTitle: string;
  sourceUrl: string | null;
  /** The page it starts on and the page it ends on; null for text without pages. */
  page: number | null;
  pageEnd: number | null;
  documentId: number | null;
  informTheBotId: number | null;
  /** Its chance of being the passage that answers, among the candidates (relevancesOf): 0 to 1. */
  relevance: number;
  /** The question's words it holds, as typed. */
  matchedWords: string[];
  features: PassageFeatures;
}

export interface SearchInput {
  query: string;
  k: number;
  queryEmbedding?: { vector: ArrayLike<number>; dimensions: number };
}

/** A question's words as typed: what whitespace separates, without the punctuation around it. */
const wordsOf = (question: string): string[] =>
  question
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');

/**
 * The question's distinct English stems (the search's own, so they match the chunks'), each with its IDF and
 * the word it was typed as; then, for each word with a stem, the stems of its base form when it is an irregular
 * verb's (weight 1) and of its synonyms (WordNet, synonyms-of.ts; SYNONYM_WEIGHT) that the store holds and the
 * question does not, each standing for that word's stem.
 */
export async function questionTerms(db: Db, question: string): Promise<QuestionTerm[]> {
  const words = wordsOf(question);
  const texts = [
    ...words.map((word) => ({ text: word, of: -1, weight: 1 })),
    // An irregular verb's base form is the word itself to the reader ("built" is "build"); a synonym counts less.
    ...words.flatMap((word, index) => {
      const base = baseFormOf(word);
      return base ? [{ text: base, of: index, weight: 1 }] : [];
    }),
    ...words.flatMap((word, index) => synonymsOf(word).map((text) => ({ text, of: index, weight: SYNONYM_WEIGHT }))),
  ];
  if (texts.length === 0) return [];
  const rows = await sqlRows<{ position: number | string; term: string; chunks: number | string; total: number | string }>(db, sql`
    SELECT e.position - 1 AS position, stem.term, coalesce(k.chunks, 0) AS chunks, coalesce((SELECT chunks FROM knowledge_totals WHERE id = 1), 0) AS total
    FROM jsonb_array_elements_text(${JSON.stringify(texts.map((text) => text.text))}::jsonb) WITH ORDINALITY AS e(text, position)
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', e.text))) AS stem(term)
    LEFT JOIN knowledge_terms k ON k.term = stem.term
    ORDER BY e.position, stem.term`);
  const total = Math.max(1, Number(rows[0]?.total ?? 0));
  const idf = (chunks: number) => Math.log(1 + (total - chunks + 0.5) / (chunks + 0.5));
  const terms = new Map<string, QuestionTerm>();
  const stemsOfWord = new Map<number, string[]>();
  for (const row of rows) {
    const position = Number(row.position);
    const text = texts[position];
    if (!text || text.of >= 0) continue;
    stemsOfWord.set(position, [...(stemsOfWord.get(position) ?? []), row.term]);
    if (terms.has(row.term)) continue;
    const chunks = Number(row.chunks);
    terms.set(row.term, { term: row.term, idf: idf(chunks), chunks, unknown: chunks === 0, word: text.text, weight: 1, informativeness: informativenessOf(text.text) });
  }
  for (const row of rows) {
    const text = texts[Number(row.position)];
    const chunks = Number(row.chunks);
    const source = text && text.of >= 0 ? stemsOfWord.get(text.of)?.[0] : undefined;
    // A synonym counts when the store holds it, it is not one of the question's own words, and its word was not a stop word.
    if (!text || source === undefined || chunks === 0 || terms.has(row.term)) continue;
    terms.set(row.term, { term: row.term, idf: idf(chunks), chunks, unknown: false, word: text.text, weight: text.weight, source, informativeness: informativenessOf(text.text) });
  }
  return [...terms.values()];
}

/**
 * The vector side: the chunks of the WINDOW_CANDIDATES windows nearest the question (HNSW, cosine), the
 * VECTOR_CANDIDATES first by their nearest window. Run it in withAllWindowCandidates.
 */
export function nearestChunks({ vector, dimensions }: { vector: ArrayLike<number>; dimensions: number }) {
  const asVector = sql.raw(`vector(${String(dimensions)})`);
  return sql`SELECT chunk_id AS id FROM (
      SELECT chunk_id, embedding::${asVector} <=> ${vectorLiteral(vector)}::${asVector} AS distance
      FROM knowledge_chunk_windows ORDER BY distance LIMIT ${WINDOW_CANDIDATES}) nearest_windows
    GROUP BY chunk_id ORDER BY min(distance), chunk_id LIMIT ${VECTOR_CANDIDATES}`;
}

/** A number of this file's, written into the statement as a float (a parameter beside an integer is read as one). */
const constant = (value: number) => sql.raw(`${String(value)}::float8`);

interface ScoredChunkRow {
  id: number | string;
  document_id: number | string | null;
  bm25: number | string | null;
  matched: string[] | null;
}

interface FirstStageRow {
  id: number | string;
  bm25: number | string | null;
  similarity: number | string | null;
  matched: string[] | null;
  title_terms: string[] | null;
}

/** Terms as a PostgreSQL text array literal, each quoted. */
const textArray = (terms: readonly string[]) => sql`${`{${terms.map((term) => `"${term.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
const bigintArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/**
 * The chunks the full-text side scores, as a tsquery: those holding the question's rarest word, and the next
 * rarest while the chunks holding them add up to at most TEXT_CANDIDATES; when even the rarest is in more
 * chunks than that, those holding both of the two rarest.
 */
function candidateWords(known: readonly QuestionTerm[]) {
  const rarestFirst = [...known].sort((a, b) => a.chunks - b.chunks || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const [rarest, second] = rarestFirst;
  if (!rarest) return undefined;
  if (rarest.chunks > TEXT_CANDIDATES && second) return sql`steward_any_lexeme(${textArray([rarest.term])}) && steward_any_lexeme(${textArray([second.term])})`;
  let running = 0;
  const words = rarestFirst.filter((term, place) => {
    running += term.chunks;
    return place === 0 || running <= TEXT_CANDIDATES;
  });
  return sql`steward_any_lexeme(${textArray(words.map((term) => term.term))})`;
}

/**
 * Candidates from both sides, each with its BM25 over the question's known words and its nearest window's
 * similarity. A few small statements rather than one: each is planned in a fraction of the time one with all
 * the parts took, and each candidate's row is read once (the full-text side scores a chunk as its index scan
 * finds it; the vector side scores only the chunks that side alone found).
 */
async function firstStage(db: Db, terms: readonly QuestionTerm[], input: SearchInput): Promise<FirstStageRow[]> {
  const known = terms.filter((term) => !term.unknown);
  const termArray = textArray(known.map((term) => term.term));
  // A synonym's IDF counts for its weight (SYNONYM_WEIGHT) in BM25.
  const idfArray = sql`${`{${known.map((term) => term.idf * term.weight).join(',')}}`}::float8[]`;
  const scoredChunks = (where: SQL, limit: number) => sqlRows<ScoredChunkRow>(db, sql`
    WITH question AS MATERIALIZED (SELECT term, idf, steward_any_lexeme(ARRAY[term]) AS lexeme FROM unnest(${termArray}, ${idfArray}) AS q(term, idf)),
    average AS (SELECT greatest(lexemes, 1)::float8 / greatest(chunks, 1) AS length FROM knowledge_totals WHERE id = 1)
    SELECT c.id, c.document_id, scored.bm25, scored.matched FROM knowledge_chunks c CROSS JOIN LATERAL (
      SELECT sum(q.idf * f.tf * ${constant(BM25_K1 + 1)} / (f.tf + ${constant(BM25_K1)} * (${constant(1 - BM25_B)} + ${constant(BM25_B)} * length(c.search_vector) / (SELECT length FROM average))))
          FILTER (WHERE f.tf > 0) AS bm25,
        array_agg(q.term) FILTER (WHERE f.tf > 0) AS matched
      FROM question q CROSS JOIN LATERAL (SELECT ts_rank_cd(${TERM_FREQUENCY_WEIGHTS}::float4[], c.search_vector, q.lexeme, 0) / ${constant(TERM_FREQUENCY_UNIT)} AS tf) f
    ) scored
    WHERE ${where} LIMIT ${limit}`);
  const words = candidateWords(known);
  const textHits = words ? await scoredChunks(sql`c.search_vector @@ (${words})`, TEXT_CANDIDATES) : [];
  const embedding = input.queryEmbedding;
  const vectorHits = embedding
    ? await scoredChunks(sql`c.id IN (${nearestChunks(embedding)}) AND NOT c.id = ANY (${bigintArray(textHits.map((hit) => Number(hit.id)))})`, VECTOR_CANDIDATES)
    : [];
  const candidates = [...textHits, ...vectorHits];
  if (candidates.length === 0) return [];
  const asVector = embedding ? sql.raw(`vector(${String(embedding.dimensions)})`) : sql``;
  const similarities = embedding
    ? await sqlRows<{ id: number | string; similarity: number | string }>(db, sql`
        SELECT chunk_id AS id, 1 - min(embedding::${asVector} <=> ${vectorLiteral(embedding.vector)}::${asVector}) AS similarity
        FROM knowledge_chunk_windows WHERE chunk_id = ANY (${bigintArray(candidates.map((candidate) => Number(candidate.id)))}) GROUP BY chunk_id`)
    : [];
  const similarityOf = new Map(similarities.map((row) => [Number(row.id), Number(row.similarity)]));
  const documentIds = [...new Set(candidates.flatMap((candidate) => (candidate.document_id === null ? [] : [Number(candidate.document_id)])))];
  const titles = documentIds.length === 0 ? [] : await sqlRows<{ id: number | string; terms: string[] }>(db, sql`
    SELECT id, tsvector_to_array(to_tsvector('english', coalesce(title, ''))) AS terms FROM documents WHERE id = ANY (${bigintArray(documentIds)})`);
  const titleTermsOf = new Map(titles.map((row) => [Number(row.id), row.terms]));
  return candidates.map((candidate) => ({
    id: candidate.id,
    bm25: candidate.bm25,
    similarity: similarityOf.get(Number(candidate.id)) ?? null,
    matched: candidate.matched,
    title_terms: candidate.document_id === null ? null : (titleTermsOf.get(Number(candidate.document_id)) ?? null),
  }));
}

interface DetailRow {
  id: number | string;
  content: string;
  heading: string | null;
  page: number | null;
  page_end: number | null;
  document_id: number | null;
  inform_the_bot_id: number | null;
  document_title: string | null;
  source_url: string | null;
  hits: TermHits[];
}

/** The chosen candidates' texts and where the question's words sit in each (as flat rows: a JSON aggregate of them cost twice as much). */
async function details(db: Db, ids: readonly number[], terms: readonly QuestionTerm[]): Promise<DetailRow[]> {
  if (ids.length === 0) return [];
  const idArray = bigintArray(ids);
  const rows = await sqlRows<Omit<DetailRow, 'hits'>>(db, sql`
    SELECT c.id, c.content, c.heading, c.page, c.page_end, c.document_id, c.inform_the_bot_id, d.title AS document_title, d.source_url
    FROM knowledge_chunks c LEFT JOIN documents d ON d.id = c.document_id WHERE c.id = ANY (${idArray})`);
  const hits = await sqlRows<{ id: number | string; lexeme: string; positions: number[]; weights: string[] }>(db, sql`
    SELECT c.id, v.lexeme, v.positions, v.weights FROM knowledge_chunks c CROSS JOIN LATERAL unnest(c.search_vector) AS v
    WHERE c.id = ANY (${idArray}) AND v.lexeme = ANY (${textArray(terms.map((term) => term.term))})`);
  const hitsOf = new Map<number, TermHits[]>();
  for (const hit of hits) {
    const id = Number(hit.id);
    hitsOf.set(id, [
      ...(hitsOf.get(id) ?? []),
      // Positions weighted A are the heading's (it comes first in the search vector); the others, the text's.
      { term: hit.lexeme, positions: hit.positions.filter((_, index) => hit.weights[index] !== 'A'), inHeading: hit.weights.includes('A') },
    ]);
  }
  return rows.map((row) => ({ ...row, hits: hitsOf.get(Number(row.id)) ?? [] }));
}

/** Runs `work` in a transaction where pgvector's HNSW search answers all WINDOW_CANDIDATES (at its default, 40 at most). */
export const withAllWindowCandidates = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${WINDOW_CANDIDATES}`));
    return work(tx);
  });

/** Whitespace and case aside, the same text: the same passage uploaded twice is shown once. */
const sameText = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The k passages most likely to answer a question, most likely first, each with its relevance (0 to 1), the
 * question's words it holds and its heading. Identical passages (the same text uploaded twice) appear once.
 */
export async function searchKnowledge(db: Db, input: SearchInput): Promise<Passage[]> {
  return (await rankPassages(db, input)).passages;
}

/** searchKnowledge, with the question's terms it ranked by (for choosing an answer's sentences). */
export async function rankPassages(db: Db, input: SearchInput): Promise<{ terms: QuestionTerm[]; passages: Passage[] }> {
  const terms = await questionTerms(db, input.query);
  if (terms.length === 0 && !input.queryEmbedding) return { terms, passages: [] };
  const search = async (tx: Db) => {
    const candidates = await firstStage(tx, terms, input);
    const firstScores = candidates.map((candidate) => {
      const matched = new Set(candidate.matched ?? []);
      const features = passageFeatures(terms, {
        bm25: Number(candidate.bm25 ?? 0),
        similarity: candidate.similarity === null ? null : Number(candidate.similarity),
        hits: terms.filter((term) => matched.has(term.term)).map((term) => ({ term: term.term, positions: [], inHeading: false })),
        titleTerms: candidate.title_terms ?? [],
      });
      return { id: Number(candidate.id), candidate, score: scoreOf({ ...features, proximity: features.coverage }) };
    });
    firstScores.sort((a, b) => b.score - a.score || a.id - b.id);
    const chosen = firstScores.slice(0, Math.max(RERANKED, input.k));
    const rows = new Map((await details(tx, chosen.map((entry) => entry.id), terms)).map((row) => [Number(row.id), row]));
    return chosen.flatMap(({ id, candidate }) => {
      const row = rows.get(id);
      return row ? [{ row, candidate }] : [];
    });
  };
  const scored = (input.queryEmbedding ? await withAllWindowCandidates(db, search) : await search(db)).map(({ row, candidate }) => {
    const { hits } = row;
    const features = passageFeatures(terms, {
      bm25: Number(candidate.bm25 ?? 0),
      similarity: candidate.similarity === null ? null : Number(candidate.similarity),
      hits,
      titleTerms: candidate.title_terms ?? [],
    });
    return { row, hits, features, score: scoreOf(features) };
  });
  const relevances = relevancesOf(
    scored.map((candidate) => candidate.score),
    scored[0] ? modelFor(scored[0].features).temperature : 1,
  );
  const reranked = scored.map(({ row, hits, features }, index): Passage => {
    const held = new Set(hits.map((hit) => hit.term));
    return {
      chunkId: Number(row.id),
      text: row.content,
      heading: row.heading,
      documentTitle: row.document_title ?? 'Inform the Bot',
      sourceUrl: row.source_url,
      page: row.page,
      pageEnd: row.page_end,
      documentId: row.document_id,
      informTheBotId: row.inform_the_bot_id,
      relevance: relevances[index] ?? 0,
      matchedWords: [...new Set(terms.filter((term) => held.has(term.term)).map((term) => term.word))],
      features,
    };
  });
  reranked.sort((a, b) => b.relevance - a.relevance || a.chunkId - b.chunkId);
  const seen = new Set<string>();
  const passages = reranked.filter((passage) => {
    const key = sameText(passage.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { terms, passages: passages.slice(0, input.k) };
}
