import type { Db } from '../../db/client.ts';
import { parseTsvector } from './tsvector-text.ts';
import { bestByText, bestWithVectors, bm25Of, type Chosen, firstStageScorer, likeliest } from './first-stage.ts';
import {
  chunksHoldingText,
  scoredChunkRows,
  details,
  type DetailRow,
  type QueryEmbedding,
  type ScoredChunkRow,
  similaritiesOf,
  TERM_FREQUENCY_UNIT,
  textCandidateRows,
  titleTermsOf,
  vectorSideRows,
} from './knowledge-search.repository.ts';
import { modelFor, namedProducts, type PassageFeatures, passageFeatures, relevancesOf, scoreOf, type TermHits } from './passage-features.ts';
import { definesOption, definitionHeadingTerms, namedOptions, optionTermsOf } from './named-options.ts';
import { type LetterOption, optionStandIns, withLongForms } from './letter-options.ts';
import type { QuestionTerm } from './question-terms.ts';

/**
 * The knowledge search, as the field builds one: a first stage that gathers candidates from both sides and
 * scores them (BM25 over the full text, the vector side's nearest windows), then a second stage that reranks
 * the best of them on features computed for each (passage-features.ts) into a calibrated relevance. The
 * question's terms come from question-terms.ts, the statements from knowledge-search.repository.ts.
 */

/** Candidates that go on to the second stage, best first by the first (k of them when more are asked for). */
export const RERANKED = 30;

export interface Passage {
  chunkId: number;
  text: string;
  /** The headings it sits under, outermost first; null for none. */
  heading: string | null;
  /** It is all of its section's text: the section was short enough to be one chunk (a long one's last chunk is not). */
  wholeSection: boolean;
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
  /** The question's embedding, or the promise of it: the full-text side runs while the embedder works. */
  queryEmbedding?: QueryEmbedding | Promise<QueryEmbedding | undefined>;
  /** Only this document's passages ("Try a question" on its chunks). */
  documentId?: number;
}

interface ScoredChunk {
  id: number;
  documentId: number | null;
  bm25: number;
  matched: string[];
  /** The question's terms of an option it defines (optionDefinitions). */
  definedTerms?: string[];
}

const scoredChunk = (known: readonly QuestionTerm[], row: ScoredChunkRow): ScoredChunk => ({
  id: Number(row.id),
  documentId: row.document_id === null ? null : Number(row.document_id),
  ...bm25Of(known, row.ranks.map((rank) => Number(rank) / TERM_FREQUENCY_UNIT), Number(row.length), Number(row.average_length)),
});

/** The full-text side's candidates (textCandidateRows), each scored as its index scan finds it. */
async function textCandidates(db: Db, known: readonly QuestionTerm[], documentId: number | undefined): Promise<ScoredChunk[]> {
  return (await textCandidateRows(db, known, documentId)).map((row) => scoredChunk(known, row));
}

/**
 * The chunks that define an option the question names, each with the terms the option gave: those terms count
 * as the chunk's heading's, as a definition's term heads its description. A one-letter option (letter-options.ts)
 * gives the words of the long forms set beside it, or its stand-in when it has none (optionStandIns).
 */
async function optionDefinitions(db: Db, options: readonly string[], letterOptions: readonly LetterOption[], terms: readonly QuestionTerm[], documentId: number | undefined): Promise<ScoredChunk[]> {
  const known = terms.filter((term) => !term.unknown);
  const definitions = new Map<number, ScoredChunk>();
  const define = (row: ScoredChunkRow, optionTerms: readonly string[]) => {
    const chunk = definitions.get(Number(row.id)) ?? scoredChunk(known, row);
    definitions.set(chunk.id, { ...chunk, definedTerms: [...new Set([...(chunk.definedTerms ?? []), ...optionTerms])] });
  };
  for (const option of options) {
    const optionTerms = optionTermsOf(terms, option);
    const required = known.filter((term) => term.source === undefined && optionTerms.includes(term.term)).map((term) => term.term);
    for (const row of await chunksHoldingText(db, known, option, option.startsWith('--') || !option.startsWith('-'), required, documentId)) {
      if (definesOption(row.content, option)) define(row, optionTerms);
    }
  }
  const standIns = new Set(optionStandIns(letterOptions, terms).map((term) => term.term));
  for (const { option, definitions: ids, longForms } of letterOptions) {
    const optionTerms = [...longForms.flatMap((form) => optionTermsOf(terms, form)), ...(standIns.has(option) ? [option] : [])];
    for (const row of await scoredChunkRows(db, known, ids)) define(row, optionTerms);
  }
  return [...definitions.values()];
}

/** The full-text side's candidates with the option definitions among them (a definition the side did not find joins them). */
function withDefinitions(candidates: readonly ScoredChunk[], definitions: readonly ScoredChunk[]): ScoredChunk[] {
  if (definitions.length === 0) return [...candidates];
  const byId = new Map(definitions.map((chunk) => [chunk.id, chunk]));
  const found = new Set(candidates.map((chunk) => chunk.id));
  return [...candidates.map((chunk) => byId.get(chunk.id) ?? chunk), ...definitions.filter((chunk) => !found.has(chunk.id))];
}

/**
 * Where the question names a manual by a word of its title that not every candidate's title holds ("ssh -L")
 * and that manual defines its option, another manual's definition ("-L, --tape-length=N" in tar's) is not the
 * one asked about: it counts as any passage.
 */
function definitionsOfNamedManual<T extends ScoredChunk & { titleTerms: string[] }>(chunks: readonly T[], terms: readonly QuestionTerm[], titles: Map<number, string[]>): T[] {
  const all = [...titles.values()];
  const naming = terms.filter((term) => term.source === undefined && all.some((title) => title.includes(term.term)) && !all.every((title) => title.includes(term.term)));
  const named = (chunk: T) => naming.some((term) => chunk.titleTerms.includes(term.term));
  if (!chunks.some((chunk) => chunk.definedTerms !== undefined && named(chunk))) return [...chunks];
  return chunks.map((chunk) => {
    if (chunk.definedTerms === undefined || named(chunk)) return chunk;
    const { definedTerms: _other, ...passage } = chunk;
    return passage as T;
  });
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

/** The vector side's candidates, and the similarity of each of them and of the `likely` others (vectorSideRows). */
async function vectorSide(db: Db, known: readonly QuestionTerm[], embedding: QueryEmbedding, likely: readonly number[], documentId: number | undefined): Promise<VectorSide> {
  const rows = await vectorSideRows(db, known, embedding, likely, documentId);
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
  const rows = documentIds.length === 0 ? [] : await titleTermsOf(db, documentIds);
  for (const row of rows) titles.set(Number(row.id), row.terms);
  return chunks.map((chunk) => ({ ...chunk, titleTerms: chunk.documentId === null ? [] : (titles.get(chunk.documentId) ?? []) }));
}

/** A chosen candidate's text, with where the question's words sit in it. */
type PassageText = Omit<DetailRow, 'hits'> & { hits: TermHits[] };

/** The chosen candidates' texts (details). */
async function textsOf(db: Db, ids: readonly number[], terms: readonly QuestionTerm[]): Promise<PassageText[]> {
  return (await details(db, ids, terms)).map((row) => ({
    ...row,
    // Positions weighted A are the heading's (it comes first in the search vector); the others, the text's.
    hits: parseTsvector(row.hits).map((hit) => ({ term: hit.lexeme, positions: hit.positions.filter((_, index) => hit.weights[index] !== 'A'), inHeading: hit.weights.includes('A') })),
  }));
}

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
  const { query, terms, letterOptions } = await withLongForms(db, input.query, input.documentId);
  const known = terms.filter((term) => !term.unknown);
  const titles = new Map<number, string[]>();
  // The terms passages are scored by: the question's, and a stand-in for an option that gives no word.
  const scoring = [...terms, ...optionStandIns(letterOptions, terms)];
  const firstStageScore = firstStageScorer(scoring);
  const scored = (chunks: readonly (ScoredChunk & { titleTerms: string[] })[]) => chunks.map((chunk) => ({ chunk, score: firstStageScore(chunk) }));
  // Scored while the embedder works on the question.
  const options = namedOptions(query);
  const optionTerms = new Set(options.flatMap((option) => optionTermsOf(terms, option)));
  const definitions = optionTerms.size === 0 && letterOptions.length === 0 ? [] : await optionDefinitions(db, options, letterOptions, terms, input.documentId);
  const textHits = scored(definitionsOfNamedManual(await withTitleTerms(db, withDefinitions(await textCandidates(db, known, input.documentId), definitions), titles), terms, titles));
  const keep = Math.max(RERANKED, input.k);
  const texts = new Map<number, PassageText>();
  const readTexts = async (ids: readonly number[]) => {
    for (const row of await textsOf(db, ids.filter((id) => !texts.has(id)), terms)) texts.set(Number(row.id), row);
  };
  // While the embedder still works on the question, the likeliest passages' texts are read ahead.
  if (!embedded) await readTexts(likeliest(textHits, keep, input.queryEmbedding !== undefined).map((chunk) => chunk.id));
  const queryEmbedding = await embedding;
  let chosen: Chosen<ScoredChunk & { titleTerms: string[] }>[];
  if (queryEmbedding) {
    const likely = likeliest(textHits, 3 * keep, true).map((chunk) => chunk.id);
    const vector = await vectorSide(db, known, queryEmbedding, likely, input.documentId);
    const textIds = new Set(textHits.map(({ chunk }) => chunk.id));
    const vectorHits = scored(await withTitleTerms(db, vector.chunks.filter((chunk) => !textIds.has(chunk.id)), titles));
    chosen = await bestWithVectors([...textHits, ...vectorHits], vector.read, vector.horizon, keep, (ids) => similaritiesOf(db, ids, queryEmbedding));
  } else {
    chosen = bestByText(textHits, keep);
  }
  await readTexts(chosen.map(({ chunk }) => chunk.id));
  const products = namedProducts(terms, [...titles.values()]);
  const secondStage = chosen.flatMap(({ chunk, similarity }) => {
    const row = texts.get(chunk.id);
    if (!row) return [];
    // An option's terms count as the heading's where the passage defines it (optionDefinitions), and only there:
    // "--delete" asks for the option, not for a section titled "Rules and delete". There the words of its document's title do too.
    const defined = definitionHeadingTerms(scoring, chunk.definedTerms, chunk.titleTerms);
    const held = row.hits.map((hit) => (optionTerms.has(hit.term) || defined.includes(hit.term) ? { ...hit, inHeading: defined.includes(hit.term) } : hit));
    const titled = defined.filter((term) => !held.some((hit) => hit.term === term)).map((term) => ({ term, positions: [], inHeading: true }));
    const features = passageFeatures(scoring, { bm25: chunk.bm25, similarity, hits: [...held, ...titled], titleTerms: chunk.titleTerms, definesTypedOption: chunk.definedTerms !== undefined }, products);
    return [{ row, hits: held, features, score: scoreOf(features) }];
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
      wholeSection: row.whole_section,
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
