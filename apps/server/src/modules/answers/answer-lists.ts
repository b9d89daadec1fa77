import type { CandidateSentence } from './answer-sentences.ts';

/**
 * A list quoted as a list: its lead-in ("Common causes are:") and its items in order, from the first, up to a
 * bound, the last one saying how many more there are; numbered steps so stay whole and in order. An item's
 * further sentences (in its paragraph) come with it. The item that answers, when it lies past the bound, is
 * quoted alone after the lead-in.
 */

/** The most items quoted, and the most characters a quoted list takes. */
export const MOST_ITEMS = 8;
const MOST_LIST_CHARACTERS = 900;

/**
 * The list that `at` is an item of, or that starts at `at` after `leadIn` (the quote so far, ending with a
 * colon): the lead-in, then the items; the last quoted item carries `moreItems` when some are left out.
 */
export function withListItems(sentences: readonly CandidateSentence[], at: number, leadIn: readonly CandidateSentence[] = []): CandidateSentence[] {
  const passage = sentences[at]?.passage;
  const samePassage = (index: number) => sentences[index] !== undefined && sentences[index]?.passage === passage;
  let start = at;
  if (leadIn.length === 0) while (samePassage(start - 1) && isPartOfList(sentences, start - 1)) start -= 1;
  const introduction = sentences[start - 1];
  const quoted: CandidateSentence[] = [...leadIn];
  if (leadIn.length === 0 && introduction && samePassage(start - 1) && introduction.text.endsWith(':')) quoted.push(introduction);
  let items = 0;
  let characters = quoted.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  let end = start;
  for (; samePassage(end) && isPartOfList(sentences, end); end += 1) {
    const sentence = sentences[end];
    if (!sentence) break;
    const newItem = sentence.shape === 'item';
    if (newItem && (items >= MOST_ITEMS || characters + sentence.text.length > MOST_LIST_CHARACTERS) && items > 0) break;
    if (newItem) items += 1;
    characters += sentence.text.length + 1;
    quoted.push(sentence);
  }
  let more = 0;
  for (let rest = end; samePassage(rest) && isPartOfList(sentences, rest); rest += 1) if (sentences[rest]?.shape === 'item') more += 1;
  // The item that answers lies past the bound ("24 - Partial transfer due to vanished source files" of a list of
  // exit codes asked about code 24): the lead-in and that item, saying the list holds more.
  if (leadIn.length === 0 && at >= end && sentences[at]?.shape === 'item') {
    let itemEnd = at + 1;
    while (sentences[itemEnd]?.shape !== 'item' && samePassage(itemEnd) && isPartOfList(sentences, itemEnd)) itemEnd += 1;
    const own = sentences.slice(at, itemEnd);
    const lastOwn = own.at(-1);
    if (lastOwn) own[own.length - 1] = { ...lastOwn, moreItems: items + more - 1 };
    return [...quoted.slice(0, quoted.length - (end - start)), ...own];
  }
  const last = quoted.at(-1);
  if (more > 0 && last) quoted[quoted.length - 1] = { ...last, moreItems: more };
  return quoted;
}

/** An item, or a further sentence of the item before it (in the same paragraph). */
function isPartOfList(sentences: readonly CandidateSentence[], index: number): boolean {
  const sentence = sentences[index];
  if (!sentence) return false;
  if (sentence.shape === 'item') return true;
  const previous = sentences[index - 1];
  return sentence.shape === 'sentence' && previous !== undefined && previous.paragraph === sentence.paragraph && isPartOfList(sentences, index - 1) && sentences.slice(0, index).some((each) => each.shape === 'item');
}

/** A paragraph that goes on a lead-in's promise in kind: a tag, a command, code, an option or a path, not running prose starting with a capital. */
const CONTINUES_LEAD_IN = /^[^\p{Lu}]/u;

/**
 * A quote that ends on a lead-in ("… you would use a command like the following, weekly:", "Supported check
 * types:") promises what comes after it. What does comes with it: a list's items (withListItems), else the
 * paragraph after it in its passage (and its description's, for an option's), and the paragraphs after that one
 * while they go on in kind ("none  Don't calculate …", "crc32  Calculate …"), as many as fit in
 * MOST_LIST_CHARACTERS. When nothing does (the passage ends there, a heading follows, it would not fit), the
 * lead-in is left out of a quote that holds more.
 */
export function withLeadInCompleted(sentences: readonly CandidateSentence[], quote: readonly CandidateSentence[]): CandidateSentence[] {
  const last = quote.at(-1);
  if (!last || !last.text.endsWith(':') || last.moreItems !== undefined) return [...quote];
  const at = sentences.indexOf(last) + 1;
  const continues = (index: number) => {
    const sentence = sentences[index];
    return sentence !== undefined && sentence.passage === last.passage && sentence.shape !== 'heading' && sentence.shape !== 'question' && (last.entry === null || sentence.entry === last.entry);
  };
  if (continues(at) && sentences[at]?.shape === 'item') return withListItems(sentences, at, quote);
  const completed = [...quote];
  let characters = quote.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  for (let start = at; continues(start); ) {
    let end = start + 1;
    while (continues(end) && sentences[end]?.paragraph === sentences[start]?.paragraph) end += 1;
    const paragraph = sentences.slice(start, end);
    const length = paragraph.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
    if (characters + length > MOST_LIST_CHARACTERS || (start > at && !CONTINUES_LEAD_IN.test(paragraph[0]?.text ?? ''))) break;
    completed.push(...paragraph);
    characters += length;
    start = end;
  }
  return completed.length > quote.length || quote.length === 1 ? completed : quote.slice(0, -1);
}
