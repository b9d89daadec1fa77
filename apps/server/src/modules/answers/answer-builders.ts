import { CHAT_TEXTS, type ChatSource } from '@steward/contract/chat';
import { escapeHtml, textToParagraphs } from './answer-html.ts';
import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import { answerText, type CandidateSentence } from './answer-sentences.ts';
import type { RetrievedPassage } from './answer-rule.ts';

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

/** "pages 4–5", "page 4", or nothing for text without pages. */
function pagesLabel(page: number | null, pageEnd: number | null): string {
  if (page === null) return '';
  return pageEnd !== null && pageEnd !== page ? `, pages ${page}–${pageEnd}` : `, page ${page}`;
}

/** A web address to the document, at its page when it is a PDF. */
function documentHref(sourceUrl: string | null, page: number | null): string | null {
  if (!sourceUrl || !/^https?:\/\//i.test(sourceUrl)) return null;
  return page !== null && /\.pdf(?:$|[?#])/i.test(sourceUrl) && !sourceUrl.includes('#') ? `${sourceUrl}#page=${page}` : sourceUrl;
}

/**
 * The section a source names: its own title, and the one above when its own is a single word under another
 * ("Building with small-icu › Windows", not "Windows": a guide sets "Windows" under each way of building); an
 * option or a code ("`--env-file=config`", "path.sep") names itself, as does a title under the document's own; the document's own title is no section.
 */
const LABEL_WORD = /^\p{L}[\p{L}\p{N}/+-]*$/u;
function sectionLabel(heading: string | null, documentTitle: string): string | undefined {
  const titles = heading?.split(HEADING_SEPARATOR).map((title) => title.trim());
  const own = titles?.at(-1);
  const above = titles?.at(-2);
  // A web page's title heads its text: the document's name again is no section.
  if (own === documentTitle.trim()) return undefined;
  return own !== undefined && above !== undefined && above !== documentTitle.trim() && LABEL_WORD.test(own) ? `${above}${HEADING_SEPARATOR}${own}` : own;
}

/** "Title, page 3 (2.4 OPTIONS)": the document linked when it has a web address, then its page and section. */
function sourceLabel(passage: Pick<RetrievedPassage, 'documentTitle' | 'sourceUrl' | 'page' | 'pageEnd' | 'heading'>, entryQuestion: string | null = null): string {
  const title = escapeHtml(passage.documentTitle);
  const href = documentHref(passage.sourceUrl, passage.page);
  const linked = href ? `<a href="${escapeHtml(href)}">${title}</a>` : title;
  const section = entryQuestion ?? sectionLabel(passage.heading, passage.documentTitle);
  return `${linked}${pagesLabel(passage.page, passage.pageEnd)}${section ? ` (${inlineHtml(section)})` : ''}`;
}

/** An item's bullet ("- ", "• ", a plain-text manual's "o "): the list draws its own. A number or a letter stays: it says the order. */
const BULLET = /^[•‣◦▪∙·*o-]\s+/;

/** An option as a manual names it ("-copy all", "‘--keep’ ‘-k’"), not a code's number or a defined term. */
const NAMES_OPTION = /^[‘'"`(]?-/;

/** A web address in quoted text, without the punctuation that ends its sentence or closes its brackets. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"'‘’“”]+?(?=[.,;:!?)\]]*(?:\s|$))/g;

const linkHtml = (href: string, text: string): string => `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">${escapeHtml(text)}</a>`;

/** Quoted text as HTML, each web address in it a link that opens in a new tab (as the source's is). */
function addressesLinkedHtml(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const at = match.index;
    html += `${escapeHtml(text.slice(from, at))}${linkHtml(match[0], match[0])}`;
    from = at + match[0].length;
  }
  return html + escapeHtml(text.slice(from));
}

/**
 * Markdown's link, "[Docker](https://www.docker.com/)": its text, starting a word, and its target, a web address, a
 * place in the document ("#windows") or another file ("doc/contributing/offboarding.md"). An array's index and a
 * flag ("sdh7[4](F)" in /proc/mdstat) are none.
 */
const MARKDOWN_LINK = /(?<![\p{L}\p{N}_\]])\[([^[\]\n]{1,200})\]\(([^()\s]{1,500})\)/gu;
const LINK_TARGET = /^(?:https?:\/\/|#[\w-]+$|[\w./-]+\.(?:md|html?|txt|rst|adoc)(?:$|#))/;

/**
 * Quoted text as HTML, its links as links: Markdown's by their text ("[Docker](https://www.docker.com/)" as
 * "Docker", linked; one to another place of the document, "[Windows](#windows)", as its text alone), web addresses
 * as themselves.
 */
function linkedHtml(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const [, label = '', target = ''] = match;
    if (!LINK_TARGET.test(target)) continue;
    html += `${addressesLinkedHtml(text.slice(from, match.index))}${/^https?:\/\//i.test(target) ? linkHtml(target, label) : escapeHtml(label)}`;
    from = match.index + match[0].length;
  }
  return html + addressesLinkedHtml(text.slice(from));
}

/** Markdown's code span: text between two backquotes, not starting or ending with a space. */
const CODE_SPAN = /`([^`\n]{1,120})`/g;
const SPACE_AT_END = /^\s|\s$/;
/**
 * The old GNU quotes, a backquote closed by an apostrophe ("use `exec <zsh-path>' to replace …", the zsh FAQ; m4's
 * "divert(`1')"): a text that quotes so has no Markdown code spans, only pairs of such quotes. A code span that
 * holds an apostrophe ("`'..'`") is none.
 */
const GNU_QUOTE = /`[^`'\s][^`']*'(?!`)/;

/** Markdown's reference link, "[`TypeError`][]", "[environment variables][environment_variables]": its text alone (the target is defined elsewhere). */
const MARKDOWN_REFERENCE = /(?<![\p{L}\p{N}_\]])\[([^[\]\n]{1,200})\]\[([\w .:/-]{0,100})\]/gu;

/** Quoted text as HTML: Markdown's code spans as code ("`make install`"), its links by their text, web addresses as links. */
function inlineHtml(quoted: string): string {
  const text = quoted.replace(MARKDOWN_REFERENCE, '$1');
  if (GNU_QUOTE.test(text)) return linkedHtml(text);
  let html = '';
  let from = 0;
  for (const match of text.matchAll(CODE_SPAN)) {
    const code = match[1] ?? '';
    if (SPACE_AT_END.test(code)) continue;
    html += `${linkedHtml(text.slice(from, match.index))}<code>${escapeHtml(code)}</code>`;
    from = match.index + match[0].length;
  }
  return html + linkedHtml(text.slice(from));
}

/** Quoted text as HTML, the option it starts with set as code ("<code>-copy all</code> Copy all extra markers."). */
function quotedHtml(text: string, entry: string | null | undefined): string {
  if (!entry || !NAMES_OPTION.test(entry) || !text.startsWith(entry)) return inlineHtml(text);
  return `<code>${escapeHtml(entry)}</code>${inlineHtml(text.slice(entry.length))}`;
}

/** The quote as HTML: its sentences in their paragraphs, a list's items as a list, a listing's lines as code (answerText says the same as text). */
function answerBlocksHtml(sentences: readonly CandidateSentence[]): string {
  const blocks: { list: boolean; listing?: true; parts: CandidateSentence[][] }[] = [];
  sentences.forEach((sentence, position) => {
    const last = blocks.at(-1);
    const previous = sentences[position - 1];
    const sameParagraph = previous?.paragraph === sentence.paragraph && previous.passage === sentence.passage;
    if (sentence.listing || last?.listing) {
      if (sentence.listing && last?.listing && sameParagraph) last.parts[0]?.push(sentence);
      else blocks.push(sentence.listing ? { list: false, listing: true, parts: [[sentence]] } : { list: sentence.shape === 'item', parts: [[sentence]] });
    } else if (sentence.shape === 'item') {
      if (last?.list) last.parts.push([sentence]);
      else blocks.push({ list: true, parts: [[sentence]] });
    } else if (last?.list && previous?.paragraph === sentence.paragraph) last.parts.at(-1)?.push(sentence);
    else if (last && !last.list && previous?.paragraph === sentence.paragraph && previous.passage === sentence.passage) last.parts[0]?.push(sentence);
    else blocks.push({ list: false, parts: [[sentence]] });
  });
  return blocks
    .map((block, position) =>
      block.listing
        ? `<pre><code>${escapeHtml((block.parts[0] ?? []).map((sentence) => sentence.text).join('\n'))}</code></pre>`
        : block.list
        ? `<ul>${block.parts.map((item) => `<li>${quotedHtml(answerText(item.map((sentence) => ({ ...sentence, entry: null }))).replace(BULLET, ''), item[0]?.entry)}</li>`).join('')}</ul>`
        : `<p>${quotedHtml(position === 0 ? answerText(block.parts[0] ?? []) : answerText((block.parts[0] ?? []).map((sentence) => ({ ...sentence, entry: null }))), block.parts[0]?.[0]?.entry)}</p>`,
    )
    .join('');
}

/**
 * Without an LLM: the chosen sentences (answer-sentences.ts) as the paragraphs they stand in (a list's items as a list), then where they come from,
 * once: each passage they were taken from, linked, with its page and section; the first one's section is the FAQ
 * entry quoted (`entryQuestion`) when the passage holds more than one.
 */
export function extractiveAnswerHtml(sentences: readonly CandidateSentence[], passages: readonly RetrievedPassage[], entryQuestion: string | null = null): string {
  const used = [...new Set(sentences.map((sentence) => sentence.passage))].flatMap((index) => passages[index] ?? []);
  const sources = [...new Set(used.map((passage, position) => sourceLabel(passage, position === 0 ? entryQuestion : null)))];
  return `${answerBlocksHtml(sentences)}<p>${escapeHtml(CHAT_TEXTS.sourcePrefix)} <cite>${sources.join('; ')}</cite></p>`;
}

/** The LLM's text as paragraphs, its [n] citations raised, then the numbered sources they point to. */
export function llmAnswerHtml(text: string, passages: readonly RetrievedPassage[]): string {
  const body = textToParagraphs(text).replace(/\[(\d{1,2})\]/g, '<sup>[$1]</sup>');
  const sources = passages.map((passage) => `<li>${sourceLabel(passage)}</li>`).join('');
  return `${body}<p><strong>Sources</strong></p><ol>${sources}</ol>`;
}

export const correctionAnswerHtml = (content: string): string => textToParagraphs(content);

/** The answer when nothing answers the question: Bot Settings' text, or the built-in one when that is empty. */
export const dontKnowHtml = (text = ''): string => `<p>${escapeHtml(text.trim() || CHAT_TEXTS.dontKnow)}</p>`;
