import { SNIPPET_LENGTH, splitSearchText } from '@steward/contract/search';

/** A piece of a snippet; `match` pieces are shown in <mark>. Always text: never HTML. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Markup tags removed, common entities decoded, whitespace collapsed: what a person reads. */
export function plainText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return safeCodePoint(Number.parseInt(name.slice(2), 16), entity);
      if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10), entity);
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const safeCodePoint = (codePoint: number, fallback: string): string =>
  Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : fallback;

const fold = (text: string): string => text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase();

/** The words and "quoted phrases" of a query (read as the server reads it), folded, longest first (so a phrase wins over its words). */
export function searchTerms(query: string): string[] {
  const { words, phrases } = splitSearchText(query);
  const terms = new Set([...phrases.map((phrase) => fold(phrase.join(' '))), ...words.map(fold)]);
  return [...terms].sort((a, b) => b.length - a.length);
}

/** The folded text, and for each of its characters the index of the original character it came from. */
function foldWithOrigins(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  let index = 0;
  for (const character of text) {
    for (const piece of fold(character)) {
      folded += piece;
      origins.push(index);
    }
    index += character.length;
  }
  return { folded, origins };
}

interface Range {
  start: number;
  end: number;
}

const isWordCharacter = (character: string | undefined): boolean => character !== undefined && /[\p{L}\p{N}]/u.test(character);

/** Where the terms occur, at the start of a word (the search matches words and their prefixes), in the original text. */
export function matchRanges(text: string, terms: readonly string[]): Range[] {
  const { folded, origins } = foldWithOrigins(text);
  const ranges: Range[] = [];
  for (const term of terms) {
    if (term === '') continue;
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
      if (isWordCharacter(folded[at - 1])) continue;
      const lastOrigin = origins[at + term.length - 1] ?? text.length - 1;
      ranges.push({ start: origins[at] ?? 0, end: lastOrigin + ((text.codePointAt(lastOrigin) ?? 0) > 0xffff ? 2 : 1) });
    }
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * A snippet of `markup` for `query`: markup stripped, cut to a window of SNIPPET_LENGTH characters,
 * half of it either side of the first match (the start, without one), with "…" where it was cut,
 * and every match in the window marked.
 */
export function snippet(markup: string, query: string, length = SNIPPET_LENGTH): SnippetPart[] {
  const text = plainText(markup);
  const ranges = matchRanges(text, searchTerms(query));
  const first = ranges[0];
  const half = Math.floor(length / 2);
  let start = first ? Math.max(0, first.start - half) : 0;
  let end = first ? Math.min(text.length, first.end + half) : Math.min(text.length, length);
  if (first && end - start < length) {
    // Near either end of the text: spend the unused side on the other one.
    if (start === 0) end = Math.min(text.length, length);
    else if (end === text.length) start = Math.max(0, text.length - length);
  }
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '…', match: false });
  let at = start;
  for (const range of ranges) {
    if (range.end <= start || range.start >= end) continue;
    const from = Math.max(range.start, start);
    const to = Math.min(range.end, end);
    if (from > at) parts.push({ text: text.slice(at, from), match: false });
    parts.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < end) parts.push({ text: text.slice(at, end), match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  return parts;
}
