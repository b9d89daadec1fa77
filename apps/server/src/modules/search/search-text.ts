import { splitSearchText } from '@steward/contract/search';

/**
 * What staff typed, read as a search: words in any order, the last word a prefix while it is still
 * being typed (no space after it), and "quoted phrases" whose words must stand together in order.
 * Only letters and digits (with . @ _ - inside a word, as in emails) reach the query, so nothing
 * typed can be read as a tsquery operator.
 */
export interface ParsedSearch {
  words: string[];
  /** The last word, matched as a prefix; undefined once a space (or a closing quote) follows it. */
  prefix: string | undefined;
  phrases: string[][];
}

export function parseSearchText(text: string): ParsedSearch {
  const { words, phrases } = splitSearchText(text);
  // Text ending in a letter or digit is still being typed: its last word (outside quotes, since a closed quote ends in ") is a prefix.
  const prefix = /[\p{L}\p{N}]$/u.test(text) ? words.pop() : undefined;
  return { words, prefix, phrases };
}

/** The tsquery text for to_tsquery('steward_search', …), or undefined when nothing searchable was typed. */
export function toTsQuery(search: ParsedSearch): string | undefined {
  const terms = [
    ...search.words,
    ...search.phrases.map((phrase) => `(${phrase.join(' <-> ')})`),
    ...(search.prefix ? [`${search.prefix}:*`] : []),
  ];
  return terms.length > 0 ? terms.join(' & ') : undefined;
}

/** Every word typed, phrases' words included, for matching names and emails by fragment. */
export const allWords = (search: ParsedSearch): string[] => [...search.words, ...search.phrases.flat(), ...(search.prefix ? [search.prefix] : [])];
