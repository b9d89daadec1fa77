import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bigintArray, textArray } from '../../db/sql-arrays.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { vectorLiteral } from './knowledge-vectors.ts';
import { parseTsvector } from './tsvector-text.ts';
import { bestByText, bestWithVectors, type Chosen, firstStageScorer, likeliest } from './first-stage.ts';
import { modelFor, type PassageFeatures, passageFeatures, type QuestionTerm, relevancesOf, scoreOf, SYNONYM_WEIGHT, type TermHits } from './passage-features.ts';
import { informativenessOf, isNameLike } from './lexicon/english-word-frequencies-of.ts';
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

export interface QueryEmbedding {
  vector: ArrayLike<number>;
  dimensions: number;
}

export interface SearchInput {
  query: string;
  k: number;
  /** The question's embedding, or the promise of it: the full-text side runs while the embedder works. */
  queryEmbedding?: QueryEmbedding | Promise<QueryEmbedding | undefined>;
}

/** A question's words as typed (what whitespace separates, without the punctuation around it), each with whether a sentence starts with it. */
function wordsOf(question: string): { text: string; startsSentence: boolean }[] {
  const words: { text: string; startsSentence: boolean }[] = [];
  let startsSentence = true;
  for (const token of question.split(/\s+/)) {
    const text = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (text !== '') words.push({ text, startsSentence });
    if (token.length > 0) startsSentence = /[.?!][^\p{L}\p{N}]*$/u.test(token);
  }
  return words;
}

/**
 * The question's distinct English stems (the search's own, so they match the chunks'), each with its IDF and
 * the word it was typed as; then, for each word with a stem, the stems of its base form when it is an irregular
 * verb's (weight 1) and of its synonyms (WordNet, synonyms-of.ts; SYNONYM_WEIGHT) that the store holds and the
 * question does not, each standing for that word's stem.
 */
export async function questionTerms(db: Db, question: string): Promise<QuestionTerm[]> {
  const typed = wordsOf(question);
  const words = typed.map((word) => word.text);
  const texts = [
    ...typed.map((word) => ({ text: word.text, of: -1, weight: 1, name: isNameLike(word.text, word.startsSentence) })),
    // An irregular verb's base form is the word itself to the reader ("built" is "build"); a synonym counts less.
    ...words.flatMap((word, index) => {
      const base = baseFormOf(word);
      return base ? [{ text: base, of: index, weight: 1, name: false }] : [];
    }),
    ...words.flatMap((word, index) => synonymsOf(word).map((text) => ({ text, of: index, weight: SYNONYM_WEIGHT, name: false }))),
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
    terms.set(row.term, { term: row.term, idf: idf(chunks), chunks, unknown: chunks === 0, word: text.text, weight: 1, informativeness: informativenessOf(text.text), name: text.name });
  }
  for (const row of rows) {
    const text = texts[Number(row.position)];
    const chunks = Number(row.chunks);
    const source = text && text.of >= 0 ? stemsOfWord.get(text.of)?.[0] : undefined;
    // A synonym counts when the store holds it, it is not one of the question's own words, and its word was not a stop word.
    if (!text || source === undefined || chunks === 0 || terms.has(row.term)) continue;
    terms.set(row.term, { term: row.term, idf: idf(chunks), chunks, unknown: false, word: text.text, weight: text.weight, source, informativeness: informativenessOf(text.text), name: false });
  }
  return [...terms.values()];
}

/**
 * The vector side: the chunks of the WINDOW_CANDIDATES windows nearest the question (HNSW, cosine), the
 * VECTOR_CANDIDATES first by their nearest window, with its distance. Run it in withAllWindowCandidates.
 * `question` is the question's vector in the statement (its literal, by default).
 */
export function nearestChunks({ vector, dimensions }: QueryEmbedding, question?: SQL) {
  const asVector = sql.raw(`vector(${String(dimensions)})`);
  return sql`SELECT chunk_id AS id, min(distance) AS distance FROM (
      SELECT chunk_id, embedding::${asVector} <=> ${question ?? sql`${vectorLiteral(vector)}::${asVector}`} AS distance
      FROM knowledge_chunk_windows ORDER BY distance LIMIT ${WINDOW_CANDIDATES}) nearest_windows
    GROUP BY chunk_id ORDER BY min(distance), chunk_id LIMIT ${VECTOR_CANDIDATES}`;
}

interface ScoredChunkRow {
  id: number | string;
  document_id: number | string | null;
  /** Lexemes in the chunk's search vector (BM25's document length). */
  length: number | string;
  average_length: number | string;
  /** ts_rank_cd of each known question term, in the question's order (TERM_FREQUENCY_UNIT per occurrence). */
  ranks: (number | string)[];
}

/** BM25 of one chunk over the question's known terms (each term's IDF counted for its weight), and the terms it holds. */
export function bm25Of(known: readonly QuestionTerm[], termFrequencies: readonly number[], length: number, averageLength: number) {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / Math.max(averageLength, Number.MIN_VALUE));
  let bm25 = 0;
  const matched: string[] = [];
  known.forEach((term, index) => {
    const tf = termFrequencies[index] ?? 0;
    if (tf <= 0) return;
    bm25 += (term.idf * term.weight * tf * (BM25_K1 + 1)) / (tf + norm);
    matched.push(term.term);
  });
  return { bm25, matched };
}

interface ScoredChunk {
  id: number;
  documentId: number | null;
  bm25: number;
  matched: string[];
}

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
 * A chunk's columns BM25 is computed from: its length and each known term's ts_rank_cd, in one array (one call
 * per term against a constant query: the same counts through a lateral join and an aggregate took twice the time
 * at 500 candidates).
 */
function scoreColumns(known: readonly QuestionTerm[]): SQL {
  const ranks = known.length === 0 ? sql`'{}'::float8[]` : sql`ARRAY[${sql.join(known.map((term) => sql`ts_rank_cd(${TERM_FREQUENCY_WEIGHTS}::float4[], c.search_vector, steward_any_lexeme(${textArray([term.term])}), 0)`), sql`, `)}]::float8[]`;
  return sql`c.id, c.document_id, length(c.search_vector) AS length, ${ranks} AS ranks,
    (SELECT greatest(lexemes, 1)::float8 / greatest(chunks, 1) FROM knowledge_totals WHERE id = 1) AS average_length`;
}

const scoredChunk = (known: readonly QuestionTerm[], row: ScoredChunkRow): ScoredChunk => ({
  id: Number(row.id),
  documentId: row.document_id === null ? null : Number(row.document_id),
  ...bm25Of(known, row.ranks.map((rank) => Number(rank) / TERM_FREQUENCY_UNIT), Number(row.length), Number(row.average_length)),
});

/** The full-text side's candidates (candidateWords), each scored as its index scan finds it. */
async function textCandidates(db: Db, known: readonly QuestionTerm[]): Promise<ScoredChunk[]> {
  const words = candidateWords(known);
  if (!words) return [];
  const rows = await sqlRows<ScoredChunkRow>(db, sql`SELECT ${scoreColumns(known)} FROM knowledge_chunks c WHERE c.search_vector @@ (${words}) LIMIT ${TEXT_CANDIDATES}`);
  return rows.map((row) => scoredChunk(known, row));
}

/** What the vector side found, with the similarities it read (VectorSide.read). */
interface VectorSide {
  /** The chunks of the nearest windows (nearestChunks). */
  chunks: ScoredChunk[];
  /** The similarity of the least similar of them: no other chunk is nearer the question (null: none has windows). */
  horizon: number | null;
  /** The chunks whose similarity was read (theirs and `likely`), and the similarities (a chunk without windows has none). */
  read: { ids: Set<number>; similarities: Map<number, number> };
}

/**
 * The vector side's candidates, and the similarity of each of them and of the `likely` others: one statement,
 * which sends and parses the question's vector once.
 */
async function vectorSide(db: Db, known: readonly QuestionTerm[], embedding: QueryEmbedding, likely: readonly number[]): Promise<VectorSide> {
  const asVector = sql.raw(`vector(${String(embedding.dimensions)})`);
  const question = sql`(SELECT vector FROM question)`;
  const rows = await withAllWindowCandidates(db, (tx) =>
    sqlRows<{ [K in keyof ScoredChunkRow]: ScoredChunkRow[K] | null } & { id: number | string; distance: number | string | null; similarity: number | string | null }>(tx, sql`
      WITH question AS MATERIALIZED (SELECT ${vectorLiteral(embedding.vector)}::${asVector} AS vector),
      nearest AS MATERIALIZED (${nearestChunks(embedding, question)}),
      scored AS (SELECT ${scoreColumns(known)}, nearest.distance FROM nearest JOIN knowledge_chunks c ON c.id = nearest.id),
      likely AS (
        SELECT chunk_id AS id, 1 - min(embedding::${asVector} <=> ${question}) AS similarity FROM knowledge_chunk_windows
        WHERE chunk_id = ANY (${bigintArray(likely)} || ARRAY(SELECT id FROM nearest)) GROUP BY chunk_id)
      SELECT coalesce(scored.id, likely.id) AS id, scored.document_id, scored.length, scored.ranks, scored.average_length, scored.distance, likely.similarity
      FROM scored FULL JOIN likely ON likely.id = scored.id`),
  );
  const chunks = rows.flatMap((row) => (row.distance === null ? [] : [{ row, distance: Number(row.distance) }]));
  const similarities = new Map(rows.flatMap((row) => (row.similarity === null ? [] : [[Number(row.id), Number(row.similarity)] as const])));
  return {
    chunks: chunks.map(({ row }) => scoredChunk(known, { ...row, length: row.length ?? 0, average_length: row.average_length ?? 1, ranks: row.ranks ?? [] })),
    horizon: chunks.length === 0 ? null : 1 - Math.max(...chunks.map((chunk) => chunk.distance)),
    read: { ids: new Set([...likely, ...chunks.map(({ row }) => Number(row.id))]), similarities },
  };
}

/** Each chunk with the terms of its document's title; `titles` keeps them by document, read once. */
async function withTitleTerms(db: Db, chunks: readonly ScoredChunk[], titles: Map<number, string[]>): Promise<(ScoredChunk & { titleTerms: string[] })[]> {
  const documentIds = [...new Set(chunks.flatMap((chunk) => (chunk.documentId === null || titles.has(chunk.documentId) ? [] : [chunk.documentId])))];
  const rows = documentIds.length === 0 ? [] : await sqlRows<{ id: number | string; terms: string[] }>(db, sql`
    SELECT id, tsvector_to_array(to_tsvector('english', coalesce(title, ''))) AS terms FROM documents WHERE id = ANY (${bigintArray(documentIds)})`);
  for (const row of rows) titles.set(Number(row.id), row.terms);
  return chunks.map((chunk) => ({ ...chunk, titleTerms: chunk.documentId === null ? [] : (titles.get(chunk.documentId) ?? []) }));
}

/** Each chunk's nearest window's cosine similarity to the question; a chunk without windows is left out. */
async function similaritiesOf(db: Db, ids: readonly number[], { vector, dimensions }: QueryEmbedding): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const asVector = sql.raw(`vector(${String(dimensions)})`);
  const rows = await sqlRows<{ id: number | string; similarity: number | string }>(db, sql`
    SELECT chunk_id AS id, 1 - min(embedding::${asVector} <=> ${vectorLiteral(vector)}::${asVector}) AS similarity
    FROM knowledge_chunk_windows WHERE chunk_id = ANY (${bigintArray(ids)}) GROUP BY chunk_id`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.similarity)]));
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

/**
 * The chosen candidates' texts and where the question's words sit in each: one statement, its search vector
 * narrowed to the question's terms (ts_delete of the others) as text. Unnesting each whole vector and reading
 * the texts apart took twice as long.
 */
async function details(db: Db, ids: readonly number[], terms: readonly QuestionTerm[]): Promise<DetailRow[]> {
  if (ids.length === 0) return [];
  const rows = await sqlRows<Omit<DetailRow, 'hits'> & { hits: string }>(db, sql`
    SELECT c.id, c.content, c.heading, c.page, c.page_end, c.document_id, c.inform_the_bot_id, d.title AS document_title, d.source_url,
      ts_delete(c.search_vector, tsvector_to_array(ts_delete(c.search_vector, ${textArray(terms.map((term) => term.term))})))::text AS hits
    FROM knowledge_chunks c LEFT JOIN documents d ON d.id = c.document_id WHERE c.id = ANY (${bigintArray(ids)})`);
  return rows.map((row) => ({
    ...row,
    // Positions weighted A are the heading's (it comes first in the search vector); the others, the text's.
    hits: parseTsvector(row.hits).map((hit) => ({ term: hit.lexeme, positions: hit.positions.filter((_, index) => hit.weights[index] !== 'A'), inHeading: hit.weights.includes('A') })),
  }));
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

/**
 * searchKnowledge, with the question's terms it ranked by (for choosing an answer's sentences). In order: the
 * question's terms and the full-text side's candidates, scored, and the likeliest passages' texts read ahead,
 * all while the embedder works on the question (a thread of its own); then the vector side, the best candidates
 * (first-stage.ts), the texts still missing, and the second stage.
 */
export async function rankPassages(db: Db, input: SearchInput): Promise<{ terms: QuestionTerm[]; passages: Passage[] }> {
  const embedding = Promise.resolve(input.queryEmbedding);
  let embedded = false;
  // Awaited once the full-text side is done; until then a failure must not count as unhandled.
  embedding.then(
    () => (embedded = true),
    () => undefined,
  );
  const terms = await questionTerms(db, input.query);
  const known = terms.filter((term) => !term.unknown);
  const titles = new Map<number, string[]>();
  const firstStageScore = firstStageScorer(terms);
  const scored = (chunks: readonly (ScoredChunk & { titleTerms: string[] })[]) => chunks.map((chunk) => ({ chunk, score: firstStageScore(chunk) }));
  // Scored while the embedder works on the question.
  const textHits = scored(await withTitleTerms(db, await textCandidates(db, known), titles));
  const keep = Math.max(RERANKED, input.k);
  const texts = new Map<number, DetailRow>();
  const readTexts = async (ids: readonly number[]) => {
    for (const row of await details(db, ids.filter((id) => !texts.has(id)), terms)) texts.set(Number(row.id), row);
  };
  // While the embedder still works on the question, the likeliest passages' texts are read ahead.
  if (!embedded) await readTexts(likeliest(textHits, keep, input.queryEmbedding !== undefined).map((chunk) => chunk.id));
  const queryEmbedding = await embedding;
  let chosen: Chosen<ScoredChunk & { titleTerms: string[] }>[];
  if (queryEmbedding) {
    const likely = likeliest(textHits, 3 * keep, true).map((chunk) => chunk.id);
    const vector = await vectorSide(db, known, queryEmbedding, likely);
    const textIds = new Set(textHits.map(({ chunk }) => chunk.id));
    const vectorHits = scored(await withTitleTerms(db, vector.chunks.filter((chunk) => !textIds.has(chunk.id)), titles));
    chosen = await bestWithVectors([...textHits, ...vectorHits], vector.read, vector.horizon, keep, (ids) => similaritiesOf(db, ids, queryEmbedding));
  } else {
    chosen = bestByText(textHits, keep);
  }
  await readTexts(chosen.map(({ chunk }) => chunk.id));
  const secondStage = chosen.flatMap(({ chunk, similarity }) => {
    const row = texts.get(chunk.id);
    if (!row) return [];
    const { hits } = row;
    const features = passageFeatures(terms, { bm25: chunk.bm25, similarity, hits, titleTerms: chunk.titleTerms });
    return [{ row, hits, features, score: scoreOf(features) }];
  });
  const relevances = relevancesOf(
    secondStage.map((candidate) => candidate.score),
    secondStage[0] ? modelFor(secondStage[0].features).temperature : 1,
  );
  const reranked = secondStage.map(({ row, hits, features }, index): Passage => {
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
