import type { FastifyBaseLogger } from 'fastify';
import type { ChatAnswerKind, ChatSource } from '@steward/contract/chat';
import type { LlmConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { sanitizeAnswerHtml } from './answer-html.ts';
import { correctionAnswerHtml, distinctSources, dontKnowHtml, extractiveAnswerHtml, llmAnswerHtml } from './answer-builders.ts';
import { retrievePassages } from './chat-retrieval.ts';
import { findMatchingCorrection } from './correction-match.repository.ts';
import { streamChatCompletion } from './llm-client.ts';
import { llmMessages } from './llm-prompt.ts';

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
}

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
  if (correction) return draft(correctionAnswerHtml(correction.content), 'correction', []);

  const passages = await retrievePassages(deps.db, deps.knowledge, question);
  if (passages.length === 0) return { ...draft(dontKnowHtml(), 'unknown', []), coverageGap: true };
  const sources = distinctSources(passages);

  if (deps.llm) {
    try {
      const text = await streamChatCompletion(deps.llm, llmMessages(question, passages), stream.onDelta ?? (() => undefined), stream.signal);
      if (text.trim() !== '') return draft(llmAnswerHtml(text, passages), 'llm', sources);
      deps.log.warn('The LLM server answered with no text: the answer quotes the passages instead.');
    } catch (error) {
      deps.log.warn({ err: error }, 'The LLM server failed: the answer quotes the passages instead.');
    }
  }
  return draft(extractiveAnswerHtml(question, passages), 'extractive', sources);
}

const draft = (html: string, kind: ChatAnswerKind, sources: ChatSource[]): AnswerDraft => ({
  html: sanitizeAnswerHtml(html),
  kind,
  sources,
  coverageGap: false,
});
