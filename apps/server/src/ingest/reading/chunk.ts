import { type DocumentPage } from './document-kind.ts';
import type { DocumentSection } from './document-sections.ts';
import { type CountTokens } from './token-count.ts';

/** One piece of a document to embed: `index` counts from 0 over the whole document. */
export interface Chunk {
  index: number;
  /** The page it starts on, and the page it ends on. */
  page: number;
  pageEnd: number;
  /** The headings it sits under, outermost first ("2. How to use bzip2 › 2.4. OPTIONS"); null under none. */
  heading: string | null;
  text: string;
  /** The sum of its pieces' counts (sentences, or words of a long sentence). */
  tokens: number;
  /** It is its section's first chunk (chunkSections), or its page's (chunkPages): it repeats nothing of the one before. */
  startsSection: boolean;
}

export interface ChunkOptions {
  /** The embedder's token counter (Embedder.countTokens); approximateTokenCount when there is none. */
  countTokens: CountTokens;
  /** Default 400. */
  maxTokens?: number;
  /** Tokens of the previous chunk's end repeated at the next one's start. Default 60 (15%). */
  overlapTokens?: number;
}

export const DEFAULT_CHUNK_TOKENS = 400;
export const DEFAULT_OVERLAP_TOKENS = 60;
/** How a chunk's heading path is written: outermost heading first. */
export const HEADING_SEPARATOR = ' › ';

/** A sentence (or a window of a long sentence), the whitespace that stood before it, and its page. */
interface Piece {
  text: string;
  tokens: number;
  /** '\n\n' when it starts a paragraph, '\n' or ' ' inside one, '' between Chinese or Japanese sentences. */
  before: string;
  page: number;
}

interface Sizes {
  countTokens: CountTokens;
  maxTokens: number;
  overlapTokens: number;
  windowTokens: number;
}

function sizesOf(options: ChunkOptions): Sizes {
  const maxTokens = options.maxTokens ?? DEFAULT_CHUNK_TOKENS;
  const overlapTokens = options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new RangeError('maxTokens must be a whole number of at least 1.');
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0 || overlapTokens >= maxTokens) {
    throw new RangeError('overlapTokens must be a whole number from 0 to below maxTokens.');
  }
  return { countTokens: options.countTokens, maxTokens, overlapTokens, windowTokens: overlapTokens > 0 ? overlapTokens : maxTokens };
}

/**
 * Cuts pages into chunks of at most maxTokens, each within one page (the embedding windows of a chunk are
 * cut this way). Within a page the cuts fall between paragraphs when a paragraph would not fit the rest of
 * the chunk (and the chunk is at least half full), else between sentences; a sentence longer than a chunk
 * is cut between words, and a word longer than a chunk (a run of characters without spaces) between
 * characters. Each chunk after the first of a page starts with the last whole sentences of the one before,
 * up to overlapTokens. Whitespace is normalised (single spaces, single line breaks, one blank line between
 * paragraphs); no chunk is empty; the same input gives the same chunks.
 */
export function chunkPages(pages: readonly DocumentPage[], options: ChunkOptions): Chunk[] {
  const sizes = sizesOf(options);
  const chunks: Chunk[] = [];
  for (const { page, text } of pages) {
    const paragraphs = normaliseWhitespace(text).split('\n\n').map((paragraph) => ({ text: paragraph, page }));
    for (const packed of packPieces(piecesOf(paragraphs, sizes), sizes)) chunks.push({ index: chunks.length, heading: null, ...packed });
  }
  return chunks;
}

/**
 * Cuts a document's sections (document-sections.ts) into chunks as chunkPages cuts a page: a chunk never
 * holds two sections, so each carries its section's heading path, and it may run across a page break,
 * keeping the page where it starts and the page where it ends.
 */
export function chunkSections(sections: readonly DocumentSection[], options: ChunkOptions): Chunk[] {
  const sizes = sizesOf(options);
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const heading = section.headings.length > 0 ? section.headings.join(HEADING_SEPARATOR) : null;
    const paragraphs = section.paragraphs.flatMap((paragraph) =>
      normaliseWhitespace(paragraph.text)
        .split('\n\n')
        .map((text) => ({ text, page: paragraph.page })),
    );
    for (const packed of packPieces(piecesOf(paragraphs, sizes), sizes)) chunks.push({ index: chunks.length, heading, ...packed });
  }
  return chunks;
}

/** Single spaces, single line breaks, at most one blank line; no control characters or soft hyphens. */
export function normaliseWhitespace(text: string): string {
  return text
    .replace(/\r\n?|[\f\v\u0085\u2028\u2029]/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what this line removes
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u00ad\u200b\ufeff]/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Where a sentence ends: terminal punctuation (with closing quotes or brackets) and whitespace not
 * followed by a lowercase letter ("e.g. the" and "3.5" stay whole), or a Chinese or Japanese full
 * stop, which needs no space after it.
 */
const SENTENCE_END = /([.!?…؟]+["'”’)\]]*)(\s+)(?!\p{Ll})|([。！？])(?=\S)/gu;

/** A sentence longer than this many characters is cut into words without counting it whole first. */
const CHARS_PER_TOKEN_AT_MOST = 16;

function piecesOf(paragraphs: readonly { text: string; page: number }[], sizes: Sizes): Piece[] {
  const pieces: Piece[] = [];
  paragraphs.forEach(({ text: paragraph, page }, paragraphIndex) => {
    let before = paragraphIndex === 0 ? '' : '\n\n';
    for (const sentence of sentencesOf(paragraph)) {
      const fits = sentence.text.length <= sizes.maxTokens * CHARS_PER_TOKEN_AT_MOST;
      const tokens = fits ? sizes.countTokens(sentence.text) : Infinity;
      if (tokens <= sizes.maxTokens) {
        if (tokens > 0) pieces.push({ text: sentence.text, tokens, before: pieces.length === 0 ? '' : before + sentence.before, page });
      } else {
        for (const window of windowsOfLongSentence(sentence.text, sizes)) {
          pieces.push({ ...window, page, before: pieces.length === 0 ? '' : window.before === null ? before + sentence.before : window.before });
        }
      }
      before = '';
    }
  });
  return pieces;
}

/** A paragraph's sentences, each with the whitespace that stood before it (exported for the answers' sentences). */
export function sentencesOf(paragraph: string): { text: string; before: string }[] {
  const sentences: { text: string; before: string }[] = [];
  let start = 0;
  let before = '';
  for (const match of paragraph.matchAll(SENTENCE_END)) {
    const end = match.index + (match[1] ?? match[3] ?? '').length;
    sentences.push({ text: paragraph.slice(start, end), before });
    const whitespace = match[2] ?? '';
    before = whitespace === '' ? '' : whitespace.includes('\n') ? '\n' : ' ';
    start = end + whitespace.length;
  }
  if (start < paragraph.length) sentences.push({ text: paragraph.slice(start), before });
  return sentences.filter((sentence) => sentence.text !== '');
}

/**
 * A sentence longer than a chunk, as windows of whole words of up to windowTokens each (the overlap,
 * or a whole chunk without overlap), so that the chunks cut from it still overlap by a window. `before: null` marks the sentence's first window.
 */
function windowsOfLongSentence(
  sentence: string,
  sizes: Sizes,
): { text: string; tokens: number; before: string | null }[] {
  const windows: { text: string; tokens: number; before: string | null }[] = [];
  let current: { text: string; tokens: number; before: string | null } | undefined;
  const words = sentence.split(/([ \n])/);
  for (let i = 0; i < words.length; i += 2) {
    const word = words[i] ?? '';
    const space = i === 0 ? null : (words[i - 1] ?? ' ');
    if (word === '') continue;
    const parts = word.length > sizes.maxTokens * CHARS_PER_TOKEN_AT_MOST || sizes.countTokens(word) > sizes.maxTokens ? cutWord(word, sizes) : [word];
    parts.forEach((part, partIndex) => {
      const tokens = sizes.countTokens(part);
      const joiner = partIndex > 0 ? '' : space;
      if (current && current.tokens + tokens <= sizes.windowTokens) {
        current.text += (joiner ?? '') + part;
        current.tokens += tokens;
      } else {
        current = { text: part, tokens, before: windows.length === 0 ? null : (joiner ?? '') };
        windows.push(current);
      }
    });
  }
  return windows.filter((window) => window.tokens > 0);
}

/** A word longer than a chunk, cut between characters into parts of at most windowTokens (found by halving). */
function cutWord(word: string, sizes: Sizes): string[] {
  const characters = Array.from(word);
  const parts: string[] = [];
  let start = 0;
  while (start < characters.length) {
    let low = start + 1;
    let high = Math.min(characters.length, start + sizes.windowTokens * CHARS_PER_TOKEN_AT_MOST);
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (sizes.countTokens(characters.slice(start, middle).join('')) <= sizes.windowTokens) low = middle;
      else high = middle - 1;
    }
    parts.push(characters.slice(start, low).join(''));
    start = low;
  }
  return parts;
}

function packPieces(pieces: readonly Piece[], { maxTokens, overlapTokens }: Sizes): Omit<Chunk, 'index' | 'heading'>[] {
  const chunks: Omit<Chunk, 'index' | 'heading'>[] = [];
  let current: Piece[] = [];
  let currentTokens = 0;
  const emit = (emitted: readonly Piece[] = current) => {
    chunks.push({
      text: emitted.map((piece, i) => (i === 0 ? piece.text : piece.before + piece.text)).join(''),
      tokens: emitted.reduce((sum, piece) => sum + piece.tokens, 0),
      page: emitted[0]?.page ?? 1,
      pageEnd: emitted.at(-1)?.page ?? 1,
      startsSection: chunks.length === 0,
    });
  };
  pieces.forEach((piece, i) => {
    const paragraphTokens = piece.before === '\n\n' ? tokensUntilParagraphEnd(pieces, i) : 0;
    const breakForParagraph =
      paragraphTokens > 0 && currentTokens + paragraphTokens > maxTokens && paragraphTokens <= maxTokens && currentTokens >= maxTokens / 2;
    if (current.length > 0 && (breakForParagraph || currentTokens + piece.tokens > maxTokens)) {
      const room = maxTokens - (breakForParagraph ? paragraphTokens : piece.tokens);
      const tail = overlapTail(current, Math.min(overlapTokens, room));
      // A chunk never ends on a lead-in ("Example of generating a backtrace from the core dump:") that the next
      // one repeats with what it leads to: quoted from the first, it led to nothing.
      emit(tail.length > 0 && current.length > 1 && current.at(-1)?.text.trimEnd().endsWith(':') ? current.slice(0, -1) : current);
      current = tail;
      currentTokens = current.reduce((sum, kept) => sum + kept.tokens, 0);
    }
    current.push(piece);
    currentTokens += piece.tokens;
  });
  if (current.length > 0) emit();
  return chunks;
}

function tokensUntilParagraphEnd(pieces: readonly Piece[], start: number): number {
  let tokens = 0;
  for (let i = start; i < pieces.length; i += 1) {
    const piece = pieces[i];
    if (!piece || (i > start && piece.before === '\n\n')) break;
    tokens += piece.tokens;
  }
  return tokens;
}

/** The last pieces of a chunk that fit in `budget` tokens, never the whole chunk. */
function overlapTail(chunk: readonly Piece[], budget: number): Piece[] {
  const tail: Piece[] = [];
  let tokens = 0;
  for (let i = chunk.length - 1; i > 0; i -= 1) {
    const piece = chunk[i];
    if (!piece || tokens + piece.tokens > budget) break;
    tail.unshift(piece);
    tokens += piece.tokens;
  }
  return tail;
}
