import type { FastifyBaseLogger } from 'fastify';
import type { ChatAnswerKind, ChatSource } from '@steward/contract/chat';
import type { LlmConfig } from '../../config.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { readBotAppearance } from '../bot-settings/bot-appearance.repository.ts';
import { sanitizeAnswerHtml } from './answer-html.ts';
import { correctionAnswerHtml, distinctSources, dontKnowHtml, extractiveAnswerHtml, llmAnswerHtml } from './answer-builders.ts';
import { type CandidateSentence, chooseSentences, openingSentences, quotedEntryQuestion, sectionOf, sentencesOfPassages, sentencesToWeigh } from './answer-sentences.ts';
import type { QuestionTerm } from '../knowledge/question-terms.ts';
import { type RetrievedPassage, retrievePassages } from './answer-rule.ts';
import type { AnswerSource } from '../history/answer-sources.repository.ts';
import { findMatchingCorrection } from '../inform-the-bot/correction-match.repository.ts';
import { streamChatCompletion } from './llm-client.ts';
import { cosineSimilarities } from '../../ingest/embedders/cosine-similarities.ts';
import { llmMessages } from './llm-prompt.ts';
import { entryQuestionOf, withSubjectNamed } from './answer-subject.ts';
import { citedByParent, variantSentences, variantsOf } from './answer-variants.ts';
import { asksWhatSectionIs, sectionDescription } from './answer-described.ts';
import { withSectionOpening } from '../knowledge/section-opening.ts';

export interface ChatAnswerDeps {
  db: Db;
  knowledge: KnowledgeStore;
  llm: LlmConfig | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** An answer before it is stored: sanitised HTML, how it was made, its sources. */
export interface AnswerDraft {
  html: string;
  kind: ChatAnswerKind;
  sources: ChatSource[];
  /** Nothing answered the question: the history row is flagged for the History filter. */
  coverageGap: boolean;
  /** The passages it quoted or gave the LLM, or the correction it answers with. */
  builtFrom: AnswerSource[];
}

const sourceOfPassage = (passage: RetrievedPassage): AnswerSource => ({
  documentId: passage.documentId,
  informTheBotId: passage.informTheBotId,
  title: passage.documentTitle,
  page: passage.page,
  pageEnd: passage.pageEnd,
  heading: passage.heading,
  excerpt: passage.text,
  relevance: passage.relevance,
});

/**
 * Answers a visitor's question. An approved correction for (nearly) this question wins; else the
 * passages that answer it well enough are written up by the LLM, when one is configured, or quoted;
 * with none, the bot says it does not know. An LLM failure or timeout falls back to the quotes.
 */
export async function answerQuestion(
  deps: ChatAnswerDeps,
  question: string,
  stream: { onDelta?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<AnswerDraft> {
  const correction = await findMatchingCorrection(deps.db, question);
  if (correction) {
    const builtFrom = [{ documentId: null, informTheBotId: correction.id, title: 'Inform the Bot', page: null, pageEnd: null, heading: null, excerpt: correction.content, relevance: correction.likeness }];
    return draft(correctionAnswerHtml(correction.content), 'correction', [], builtFrom);
  }

  const { terms, passages: found } = await retrievePassages(deps.db, deps.knowledge, deps.log, question);
  const dontKnow = async (): Promise<AnswerDraft> => ({ ...draft(dontKnowHtml((await readBotAppearance(deps.db)).dont_know_text), 'unknown', [], []), coverageGap: true });
  if (found.length === 0) return dontKnow();

  if (deps.llm) {
    try {
      const text = await streamChatCompletion(deps.llm, llmMessages(question, found), stream.onDelta ?? (() => undefined), stream.signal);
      if (text.trim() !== '') return draft(llmAnswerHtml(text, found), 'llm', distinctSources(found), found.map(sourceOfPassage));
      deps.log.warn('The LLM server answered with no text: the answer quotes the passages instead.');
    } catch (error) {
      deps.log.warn({ err: error }, 'The LLM server failed: the answer quotes the passages instead.');
    }
  }
  // Variants of one answer (a command per platform) are quoted whole, each after its title: nothing to weigh.
  const variants = await variantsOf(deps.db, found, terms);
  const variantQuote = variants ? variantSentences(variants) : [];
  if (variants && variantQuote.length > 0) {
    return draft(extractiveAnswerHtml(variantQuote, citedByParent(variants)), 'extractive', distinctSources(variants), variants.map(sourceOfPassage));
  }
  // Asked what the section the search ranked first is or does, the section's opening says it (from its start).
  const [first, ...rest] = found;
  const describes = first !== undefined && sectionOf(first) !== 'entry' && asksWhatSectionIs(question, first);
  const passages = describes && !first.wholeSection ? [await withSectionOpening(deps.db, first), ...rest] : found;
  const relevance = passages.map((passage) => passage.relevance);
  const sentences = await withSimilarities(deps, question, terms, relevance, await withTerms(deps.db, sentencesOfPassages(passages)));
  const sections = passages.map(sectionOf);
  const description = describes ? sectionDescription(sentences, 0) : [];
  const best = description.length > 0 ? description : chooseSentences(sentences, question, terms, relevance, sections);
  const chosen = best.length > 0 ? best : openingSentences(sentences, sections);
  // Passages of headings and questions only (a table of contents) hold nothing to quote.
  if (chosen.length === 0) return dontKnow();
  const used = [...new Set(chosen.map((sentence) => sentence.passage))].flatMap((index) => passages[index] ?? []);
  const entryQuestion = quotedEntryQuestion(sentences, chosen);
  const quoted = chosen[0]?.passage ?? 0;
  const subjectQuestion = entryQuestionOf(entryQuestion, { section: sections[quoted], heading: passages[quoted]?.heading });
  return draft(extractiveAnswerHtml(withSubjectNamed(chosen, subjectQuestion), passages, entryQuestion), 'extractive', distinctSources(used), used.map(sourceOfPassage));
}

/**
 * The sentences with their similarity of meaning to the question, by the embedder the search used (cached: the
 * question's vector is made once); as they are without vectors. Only the sentences that may be quoted (of passages
 * nearly as relevant as the best, MOST_SENTENCES_WEIGHED at most) are embedded: the visitor waits for them.
 */
async function withSimilarities(deps: ChatAnswerDeps, question: string, terms: readonly QuestionTerm[], relevance: readonly number[], sentences: CandidateSentence[]): Promise<CandidateSentence[]> {
  const weighed = sentencesToWeigh(sentences, question, terms, relevance);
  if (!deps.knowledge.vectorsEnabled || weighed.length === 0) return sentences;
  const cosines = await cosineSimilarities({ embedder: deps.knowledge.queryEmbedder, log: deps.log }, question, weighed.map((index) => sentences[index]?.text ?? ''), {
    urgent: true,
    failure: 'answer: the embedder failed, choosing sentences by their words alone',
  });
  const similarity = new Map(weighed.map((index, position) => [index, cosines[position] ?? 0]));
  return sentences.map((sentence, index) => (similarity.has(index) ? { ...sentence, similarity: similarity.get(index) } : sentence));
}

/** The sentences with their English stems, as the search reads words (a pair joined by a slash as itself and its words: migration 3830). */
async function withTerms(db: Db, sentences: CandidateSentence[]): Promise<CandidateSentence[]> {
  if (sentences.length === 0) return sentences;
  const rows = await sqlRows<{ position: number | string; terms: string[] }>(db, sql`
    SELECT position - 1 AS position, tsvector_to_array(to_tsvector('english', steward_search_text(text))) AS terms
    FROM jsonb_array_elements_text(${JSON.stringify(sentences.map((sentence) => sentence.text))}::jsonb) WITH ORDINALITY AS sentence(text, position)`);
  const termsAt = new Map(rows.map((row) => [Number(row.position), row.terms]));
  return sentences.map((sentence, position) => ({ ...sentence, terms: termsAt.get(position) ?? [] }));
}

const draft = (html: string, kind: ChatAnswerKind, sources: ChatSource[], builtFrom: AnswerSource[]): AnswerDraft => ({
  html: sanitizeAnswerHtml(html),
  kind,
  sources,
  coverageGap: false,
  builtFrom,
});
