import { CHAT_TEXTS, type ChatSource } from '@steward/contract/chat';
import { escapeHtml, textToParagraphs } from './answer-html.ts';
import type { RetrievedPassage } from './chat-retrieval.ts';

/** A quoted passage longer than this is cut to its sentences nearest the question. */
export const MAX_EXCERPT_CHARACTERS = 600;

/** Where a passage comes from, as the widget lists it. */
export const sourceOf = (passage: RetrievedPassage): ChatSource => ({
  title: passage.documentTitle,
  source_url: passage.sourceUrl,
  page: passage.page,
});

/** One entry per document page, in the passages' order. */
export function distinctSources(passages: readonly RetrievedPassage[]): ChatSource[] {
  const seen = new Map<string, ChatSource>();
  for (const source of passages.map(sourceOf)) {
    const key = JSON.stringify([source.title, source.source_url, source.page]);
    if (!seen.has(key)) seen.set(key, source);
  }
  return [...seen.values()];
}

/** "Title, page 3", linked to the document when it has a web address. */
function sourceLabel(source: ChatSource): string {
  const title = escapeHtml(source.title);
  const linked = source.source_url && /^https?:\/\//i.test(source.source_url) ? `<a href="${escapeHtml(source.source_url)}">${title}</a>` : title;
  return source.page === null ? linked : `${linked}, page ${source.page}`;
}

/** Without an LLM: the intro, then the best passages quoted, each with where it comes from. */
export function extractiveAnswerHtml(question: string, passages: readonly RetrievedPassage[]): string {
  const quotes = passages.map(
    (passage) => `<blockquote><p>${escapeHtml(excerptOf(passage.text, question))}</p><cite>${sourceLabel(sourceOf(passage))}</cite></blockquote>`,
  );
  return `<p>${escapeHtml(CHAT_TEXTS.excerptsIntro)}</p>${quotes.join('')}`;
}

/** The LLM's text as paragraphs, its [n] citations raised, then the numbered sources they point to. */
export function llmAnswerHtml(text: string, passages: readonly RetrievedPassage[]): string {
  const body = textToParagraphs(text).replace(/\[(\d{1,2})\]/g, '<sup>[$1]</sup>');
  const sources = passages.map((passage) => `<li>${sourceLabel(sourceOf(passage))}</li>`).join('');
  return `${body}<p><strong>Sources</strong></p><ol>${sources}</ol>`;
}

export const correctionAnswerHtml = (content: string): string => textToParagraphs(content);

export const dontKnowHtml = (): string => `<p>${escapeHtml(CHAT_TEXTS.dontKnow)}</p>`;

/** Words of four letters or more, lower case: enough to find the sentences a question is about. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];

/**
 * A passage cut to at most MAX_EXCERPT_CHARACTERS: the sentence sharing most words with the question
 * (compared by their first five letters, a rough stem), widened by its neighbours while it fits.
 * An ellipsis marks each cut.
 */
export function excerptOf(text: string, question: string): string {
  const whole = text.replace(/\s+/g, ' ').trim();
  if (whole.length <= MAX_EXCERPT_CHARACTERS) return whole;
  const stems = new Set(wordsOf(question).map((word) => word.slice(0, 5)));
  const sentences = whole.split(/(?<=[.!?])\s+/);
  const hits = sentences.map((sentence) => new Set(wordsOf(sentence).map((word) => word.slice(0, 5)).filter((stem) => stems.has(stem))).size);
  let first = hits.indexOf(Math.max(...hits));
  let last = first;
  const length = () => sentences.slice(first, last + 1).join(' ').length;
  for (;;) {
    const before = first > 0 && length() + (sentences[first - 1]?.length ?? 0) + 1 <= MAX_EXCERPT_CHARACTERS;
    const after = last < sentences.length - 1 && length() + (sentences[last + 1]?.length ?? 0) + 1 <= MAX_EXCERPT_CHARACTERS;
    if (after) last += 1;
    else if (before) first -= 1;
    else break;
  }
  let excerpt = sentences.slice(first, last + 1).join(' ');
  if (excerpt.length > MAX_EXCERPT_CHARACTERS) excerpt = `${excerpt.slice(0, MAX_EXCERPT_CHARACTERS).replace(/\s+\S*$/, '')}`;
  return `${first > 0 ? '… ' : ''}${excerpt}${last < sentences.length - 1 || excerpt.length < length() ? ' …' : ''}`;
}
