import type { Db } from '../../db/client.ts';
import { pathTermsHoldingAny, termsStartingOrEndingWithAny } from './knowledge-search.repository.ts';
import { isEnglishWord } from './lexicon/english-word-frequencies-of.ts';

/** A question's word the store lacks, as questionTerms read it. */
interface UnknownWord {
  term: string;
  word: string;
  name: boolean;
  informativeness: number;
}

/** A term of the store standing for unknown words: the first is its `source`, the others it `covers`; `whole` when it is the word itself (in a path), else a synonym. */
export interface StandIn {
  term: string;
  chunks: number;
  source: string;
  covers?: string[];
  whole: boolean;
  informativeness: number;
}

/** The most paths (the most common first) that stand for a word, of the most read. */
const MOST_PATHS_PER_WORD = 8;
const PATHS_READ = 200;
/** A word that may be part of a path ("manfoo", "sshd_config"), or a path itself ("/tmp/screens"). */
const isPathOrPart = (word: string): boolean => /[\p{L}\p{N}]/u.test(word) && word.replace(/^\//, '').split('/').every((part) => /^[\p{L}\p{N}._~-]+$/u.test(part));
/** The words read holding a part, and the most kept a word: those whose other half is an English word. */
const COMPOUNDS_READ = 200;
const MOST_COMPOUNDS_PER_WORD = 4;
/** An everyday word shorter than this is part of too many compounds to say anything ("in", "on", "up"), and so is such an other half. */
const SHORTEST_PART = 3;

/**
 * What the store holds for a question's word it holds nowhere as a word of its own: the paths it is a part of
 * ("manfoo" in "/usr/share/man/manfoo", "sz" in "Kermit/sz/rz"), the paths in a folder the question names
 * ("/tmp/screens" of "/tmp/screens/S-myname"), and the words written as one it is half of ("pad" in "keypad").
 * Each stands for the word (`source`, and `covers` for the others a path holds too): the search finds the
 * passages holding it, and the answer rule takes the word as known.
 */
export async function standInsForUnknownWords(db: Db, unknown: readonly UnknownWord[]): Promise<StandIn[]> {
  if (unknown.length === 0) return [];
  return [...(await pathStandIns(db, unknown)), ...(await compoundStandIns(db, unknown))];
}

async function pathStandIns(db: Db, unknown: readonly UnknownWord[]): Promise<StandIn[]> {
  const words = unknown.filter((term) => isPathOrPart(term.word));
  if (words.length === 0) return [];
  const paths = await pathTermsHoldingAny(db, words.map((term) => term.word.toLowerCase()), PATHS_READ);
  const kept = new Map<string, number>();
  return paths.flatMap((path) => {
    const [first, ...others] = words.filter((word) => pathHolds(path.term, word.word.toLowerCase()));
    if (!first || (kept.get(first.term) ?? 0) >= MOST_PATHS_PER_WORD) return [];
    kept.set(first.term, (kept.get(first.term) ?? 0) + 1);
    const covers = others.map((other) => other.term);
    return [{ term: path.term, chunks: Number(path.chunks), source: first.term, ...(covers.length === 0 ? {} : { covers }), whole: true, informativeness: first.informativeness }];
  });
}

/** Whether a path holds a word as one of its parts ("kermit/sz/rz": "sz"), or a path as its folder ("/tmp/screens/s-myname": "/tmp/screens"). */
const pathHolds = (path: string, word: string): boolean => (word.includes('/') ? path.startsWith(`${word}/`) : path.split('/').includes(word));

/** An everyday word the store writes only as half of a compound ("number pad" where the documents say "keypad"): that compound, as a synonym. */
async function compoundStandIns(db: Db, unknown: readonly UnknownWord[]): Promise<StandIn[]> {
  const words = unknown.filter((term) => !term.name && term.term.length >= SHORTEST_PART && /^\p{Ll}+$/u.test(term.term) && isEnglishWord(term.word));
  if (words.length === 0) return [];
  const rows = await termsStartingOrEndingWithAny(db, words.map((term) => term.term), COMPOUNDS_READ);
  return words.flatMap((word) =>
    rows
      .filter((row) => row.term !== word.term && /^\p{Ll}+$/u.test(row.term) && (row.term.startsWith(word.term) || row.term.endsWith(word.term)))
      .filter((row) => otherHalf(row.term, word.term).length >= SHORTEST_PART && isEnglishWord(otherHalf(row.term, word.term)))
      .slice(0, MOST_COMPOUNDS_PER_WORD)
      .map((row) => ({ term: row.term, chunks: Number(row.chunks), source: word.term, whole: false, informativeness: word.informativeness })),
  );
}

/** The rest of a compound once the part is taken off its start or its end ("key" of "keypad" and "pad"). */
const otherHalf = (compound: string, part: string): string => (compound.startsWith(part) ? compound.slice(part.length) : compound.slice(0, compound.length - part.length));
