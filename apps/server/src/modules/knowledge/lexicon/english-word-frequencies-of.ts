import fs from 'node:fs';

let table: Map<string, number> | undefined;

/** english-word-frequencies.json, read once when first needed; beside this file, and beside dist/main.js in the bundle. */
function frequencies(): Map<string, number> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a data file shipped beside this module, a fixed path
  table ??= new Map(Object.entries(JSON.parse(fs.readFileSync(new URL('./english-word-frequencies.json', import.meta.url), 'utf8')) as Record<string, number>));
  return table;
}

/** A word never seen in the frequency list counts as this rare (a Zipf value: about once per hundred million words). */
const UNSEEN_ZIPF = 1;
/** Zipf values are at most about 7 ("the"), so 7 less a word's value is how much it says in general English. */
const MOST_COMMON_ZIPF = 7;

/**
 * How much a word says in general English, whatever the documents: 0 for "the", about 1.4 for "many", 5.4 for
 * "firmware", 6 for a word the frequency list has never seen (a product or a name such as "YouTube").
 */
export function informativenessOf(word: string): number {
  const lower = word.toLowerCase().replace(/’/g, "'");
  // A contraction ("I've", "don't", "we're") is a pronoun's or an auxiliary's: the list has no apostrophes.
  if (CONTRACTION.test(lower)) return 0;
  // A possessive ("wget's", "desk's") says what its noun says.
  return Math.max(0, MOST_COMMON_ZIPF - (frequencies().get(lower.replace(/'s$/, '')) ?? UNSEEN_ZIPF));
}

const CONTRACTION = /^\p{L}+(?:n't|'(?:ve|re|ll|d|m))$/u;

/** Whether the frequency list knows the word ("criteria"; not "applicationprovided"). */
export const isEnglishWord = (word: string): boolean => frequencies().has(word.toLowerCase());

/**
 * Whether a word of a question is written as a name (a product, a brand, a format, an acronym: "YouTube",
 * "Homebrew", "QUIC", "MP4", "zstd") rather than as everyday English: it holds a digit or a capital past its first
 * letter, it starts with a capital where no sentence starts, or the frequency list has never seen it.
 */
export function isNameLike(word: string, startsSentence: boolean): boolean {
  if (/\p{N}/u.test(word) || /.\p{Lu}/u.test(word)) return true;
  if (/^\p{Lu}/u.test(word) && !startsSentence) return true;
  const lower = word.toLowerCase().replace(/’/g, "'");
  return CONTRACTION.test(lower) ? false : !frequencies().has(lower.replace(/'s$/, ''));
}
