import type { Db } from '../../db/client.ts';
import { numberedTermsOf, termStatistics } from './knowledge-search.repository.ts';
import { standInsForUnknownWords } from './unknown-word-stand-ins.ts';
import { informativenessOf, isNameLike } from './lexicon/english-word-frequencies-of.ts';

/** The words general English knows, as the question's are read: the answers mend words a line's end broke with it. */
export { isEnglishWord } from './lexicon/english-word-frequencies-of.ts';
import { baseFormOf } from './lexicon/irregular-verbs.ts';
import { synonymsOf } from './lexicon/synonyms-of.ts';

/**
 * The question as the knowledge search reads it: its words as the store knows them (their English stems, how
 * telling each is), with the base forms and synonyms that stand for them, and how much of it the store lacks.
 */

/** A word of the question as the store knows it: its English stem, how telling it is, and how it was typed. */
export interface QuestionTerm {
  term: string;
  /** BM25's inverse document frequency; a word no chunk holds gets the largest there is (a chunk of its own). */
  idf: number;
  /** The chunks that hold it. */
  chunks: number;
  /** Held by no chunk at all. */
  unknown: boolean;
  /** The question's word it comes from (or the synonym), for showing staff why a passage matched. */
  word: string;
  /** 1 for the question's own words, SYNONYM_WEIGHT for a synonym of one. */
  weight: number;
  /** For a synonym: the question's term it stands for. */
  source?: string;
  /** For words written as one ("Red Hat" where the documents say "RedHat", "four-drive" as a whole): the other words' terms, which it stands for too. */
  covers?: string[];
  /** How much its word says in general English (informativenessOf), for the answer rule. */
  informativeness: number;
  /** Its word is written as a name ("YouTube", "QUIC", "zstd"; isNameLike), not as everyday English. */
  name: boolean;
}

const CONTRACTION = /^\p{L}+(?:n['’]t|['’](?:ve|re|ll|d|m))$/iu;

/** How much a synonym of a question's word (WordNet) counts against the word itself. */
export const SYNONYM_WEIGHT = 0.5;
/** A word that may be half of a compound the documents write as one, and the shortest such compound. */
const COMPOUND_PART = /^\p{L}{2,}$/u;
const SHORTEST_COMPOUND = 5;
/** A word of parts joined by hyphens: "four-drive", "dhcp-authoritative", "x86-64". */
const isHyphenated = (word: string): boolean => word.includes('-') && word.split('-').every((part) => /^[\p{L}\p{N}]+$/u.test(part));
/** Two words joined by a slash ("Home/End", "read/write", "TCP/IP"): the documents' search vectors hold both and the whole (migration 3830). */
const SLASH_PAIR = /^\p{L}+\/\p{L}+$/u;
/** The separator a word's parts are joined by, when it is made of parts the search reads each alone too. */
const partsJoinedBy = (word: string): '-' | '/' | undefined => (isHyphenated(word) ? '-' : SLASH_PAIR.test(word) ? '/' : undefined);

/** The question's own terms a term stands for: itself, the word it is a synonym of, and a compound's second word. */
export const ownTermsOf = (term: QuestionTerm): string[] => [term.source ?? term.term, ...(term.covers ?? [])];

/** A name whose symbols are part of it ("C++", "g++", "C++11", "C#"), as steward_search_text (db/search-text.ts) reads it, before the punctuation after it. */
const SYMBOL_NAME = /^(?:[A-Z][A-Za-z0-9]{0,15}|[cg])\+\+(?:\d\d)?$|^[A-Z]#$/;

/**
 * A token without the punctuation around it, but a path's leading slash kept ("/dev/sdb", "~/.wgetrc"): the
 * search reads "/dev/sdb" in a document as one word, which "dev/sdb" is not.
 */
function wordOf(token: string): string {
  const symbolName = token.replace(/^[("'‘“]+/u, '').replace(/[^\p{L}\p{N}_+#]+$/u, '');
  if (SYMBOL_NAME.test(symbolName)) return symbolName;
  const trimmed = token.replace(/[^\p{L}\p{N}]+$/u, '');
  const start = trimmed.search(/[\p{L}\p{N}]/u);
  if (start < 0) return '';
  // The path's own start: what of "~", "." and "/" stands right before its first letter, when it holds a slash.
  const lead = /[~./]*$/.exec(trimmed.slice(0, start))?.[0] ?? '';
  const path = lead.includes('/') ? lead : '';
  return `${path}${trimmed.slice(start)}`;
}

/**
 * A path as the documents' search vectors hold it: PostgreSQL's parser reads "~/.wgetrc" and "./configure" in running
 * text as "/.wgetrc" and "/configure" (a word alone, as the question's are read, would keep the "~" or the ".").
 */
const asIndexed = (word: string): string => word.replace(/^[~.]+(?=\/)/, '');

/** A question's words as typed (what whitespace separates, without the punctuation around it), each with whether a sentence starts with it. */
export function wordsOf(question: string): { text: string; startsSentence: boolean }[] {
  const words: { text: string; startsSentence: boolean }[] = [];
  let startsSentence = true;
  for (const token of question.split(/\s+/)) {
    const text = wordOf(token);
    if (text !== '') words.push({ text, startsSentence });
    if (token.length > 0) startsSentence = /[.?!][^\p{L}\p{N}]*$/u.test(token);
  }
  return words;
}

/**
 * The question's distinct English stems (the search's own, so they match the chunks'), each with its IDF and
 * the word it was typed as; then, for each word with a stem, the stems of its base form when it is an irregular
 * verb's (weight 1) and of its synonyms (WordNet, synonyms-of.ts; SYNONYM_WEIGHT) that the store holds and the
 * question does not, each standing for that word's stem.
 */
export async function questionTerms(db: Db, question: string): Promise<QuestionTerm[]> {
  // A hyphenated word is its parts ("four-drive": "four", "drive"), and the whole where the documents write it so;
  // so are two words joined by a slash ("Home/End": "Home", "End").
  // A contraction is a pronoun's or an auxiliary's ("We'd", "isn't"): its stems ('d', 'isn') would be searched as rare words.
  const typed = wordsOf(question).filter((word) => !CONTRACTION.test(word.text)).flatMap((word) => {
    const separator = partsJoinedBy(word.text);
    return separator
      ? word.text.split(separator).map((part, index, parts) => ({ text: part, startsSentence: index === 0 && word.startsSentence, joins: index === 0 ? parts.length : 1, separator }))
      : [{ ...word, joins: 1, separator: '-' }];
  });
  const words = typed.map((word) => word.text);
  const texts: { text: string; of: number; weight: number; name: boolean; covers?: number[] }[] = [
    ...typed.map((word) => ({ text: asIndexed(word.text), of: -1, weight: 1, name: isNameLike(word.text, word.startsSentence) })),
    // An irregular verb's base form is the word itself to the reader ("built" is "build"); a synonym counts less.
    ...words.flatMap((word, index) => {
      const base = baseFormOf(word);
      return base ? [{ text: base, of: index, weight: 1, name: false }] : [];
    }),
    ...words.flatMap((word, index) => synonymsOf(word).map((text) => ({ text, of: index, weight: SYNONYM_WEIGHT, name: false }))),
    ...typed.flatMap((word, index) => {
      const following = Array.from({ length: word.joins - 1 }, (_, offset) => index + 1 + offset);
      return following.length > 0 ? [{ text: words.slice(index, index + word.joins).join(word.separator), of: index, weight: 1, name: false, covers: following }] : [];
    }),
    // Two words the documents write as one ("Red Hat": "RedHat", "web site": "website") are that word, for both.
    ...words.flatMap((word, index) => {
      const next = words[index + 1];
      return next !== undefined && COMPOUND_PART.test(word) && COMPOUND_PART.test(next) && word.length + next.length >= SHORTEST_COMPOUND
        ? [{ text: `${word}${next}`, of: index, weight: 1, name: false, covers: [index + 1] }]
        : [];
    }),
  ];
  if (texts.length === 0) return [];
  const rows = await termStatistics(db, texts.map((text) => text.text));
  const total = Math.max(1, Number(rows[0]?.total ?? 0));
  const idf = (chunks: number) => Math.log(1 + (total - chunks + 0.5) / (chunks + 0.5));
  const terms = new Map<string, QuestionTerm>();
  const stemsOfWord = new Map<number, string[]>();
  for (const row of rows) {
    const position = Number(row.position);
    const text = texts[position];
    if (!text || text.of >= 0) continue;
    stemsOfWord.set(position, [...(stemsOfWord.get(position) ?? []), row.term]);
    if (terms.has(row.term)) continue;
    const chunks = Number(row.chunks);
    terms.set(row.term, { term: row.term, idf: idf(chunks), chunks, unknown: chunks === 0, word: text.text, weight: 1, informativeness: informativenessOf(text.text), name: text.name });
  }
  for (const row of rows) {
    const text = texts[Number(row.position)];
    const chunks = Number(row.chunks);
    const source = text && text.of >= 0 ? stemsOfWord.get(text.of)?.[0] : undefined;
    // A synonym counts when the store holds it, it is not one of the question's own words, and its word was not a stop word.
    if (!text || source === undefined || chunks === 0 || terms.has(row.term)) continue;
    const covers = (text.covers ?? []).flatMap((position) => stemsOfWord.get(position)?.slice(0, 1) ?? []);
    terms.set(row.term, {
      term: row.term,
      idf: idf(chunks),
      chunks,
      unknown: false,
      word: text.text,
      weight: text.weight,
      source,
      ...(covers.length === 0 ? {} : { covers }),
      informativeness: informativenessOf(text.text),
      name: false,
    });
  }
  const unknown = [...terms.values()].filter((term) => term.unknown && term.source === undefined);
  for (const { term, chunks, source, covers, whole, informativeness } of await standInsForUnknownWords(db, unknown)) {
    if (terms.has(term)) continue;
    terms.set(term, { term, idf: idf(chunks), chunks, unknown: false, word: term, weight: whole ? 1 : SYNONYM_WEIGHT, source, ...(covers ? { covers } : {}), informativeness, name: false });
  }
  const inSeries = await numberedNamesInKnownSeries(db, [...terms.values()].filter((term) => term.unknown && term.name).map((term) => term.term));
  return [...terms.values()].map((term) => (inSeries.has(term.term) ? { ...term, name: false } : term));
}

/** A numbered name: letters, then a number ("F12", "RAID7", "ext5"). */
const NUMBERED_NAME = /^(\p{L}+)\d+$/u;
/** The fewest other numbers of the same name that make the store's words a series. */
const SERIES_MEMBERS = 2;

/**
 * The numbered names the store lacks whose series it holds: "F12" where the documents speak of F11 and F13,
 * "RAID7" beside RAID5 and RAID6. The asker's own key or level, of a kind the documents do speak of ("My
 * keyboard only goes up to F12. How do I send F13 to mc?"), rather than a foreign name: the answer rule counts it
 * as an everyday word the store lacks.
 */
async function numberedNamesInKnownSeries(db: Db, unknownNames: readonly string[]): Promise<Set<string>> {
  const prefixOf = new Map(unknownNames.flatMap((term) => {
    const prefix = NUMBERED_NAME.exec(term)?.[1];
    return prefix === undefined ? [] : [[term, prefix] as const];
  }));
  if (prefixOf.size === 0) return new Set();
  const series = new Set((await numberedTermsOf(db, [...new Set(prefixOf.values())])).filter((row) => Number(row.members) >= SERIES_MEMBERS).map((row) => row.prefix));
  return new Set([...prefixOf].filter(([, prefix]) => series.has(prefix)).map(([term]) => term));
}

/**
 * Words more common than this in everyday English (informativenessOf under it: "many", "days", "think", about
 * the 300 most common words) are how a question is asked rather than what it is about: the answer rule leaves
 * them out.
 */
export const COMMON_WORD_INFORMATIVENESS = 1.5;

/**
 * How much an everyday word the store lacks counts against a name it lacks. A manual of a few hundred pages
 * does not use most of everyday English: with one manual, "colleague", "folder" or "defect" in a question the
 * manual answers were missing from it, and counted in full they declined 20.5 % and 13.0 % of the answerable
 * questions of the evaluation's two sets, each manual alone in the store (7.7 % and 2.2 % at this share). A name
 * it lacks ("YouTube", "QUIC", "Homebrew") is what a question the documents cannot answer is about.
 */
export const EVERYDAY_WORD_SHARE = 0.5;

/**
 * A path the asker types, their own folder or file ("src/photos", "/dev/md2", "~/backups"): an example of theirs
 * rather than what the documents must speak of, so one the store lacks counts as an everyday word, not as a name
 * (rsync's manual alone declined "… running rsync with src/photos and with src/photos/ …"). A name written with
 * a slash ("TCP/IP", "HTTP/3", "I/O") is none.
 */
const ASKERS_PATH = /^[~.]{0,2}\/\p{L}|\p{Ll}{2}\/[\p{L}.]/u;

/**
 * The share of the question in words no chunk holds, nor any synonym of them: what the documents say nothing
 * of. Each word weighs what it says in everyday English (informativenessOf: "refund" some, "firmware" much, a
 * name the frequency list has never seen most; the most common words nothing), not its rarity in the store,
 * which in a small store would make any everyday word it lacks look like the question's subject; an everyday
 * word the store lacks counts EVERYDAY_WORD_SHARE of that, and so does the asker's own path, a name in full.
 */
export function unknownShareOf(terms: readonly QuestionTerm[]): number {
  const own = terms.filter((term) => term.source === undefined && term.informativeness >= COMMON_WORD_INFORMATIVENESS);
  // A word the store lacks but one of whose synonyms it holds ("purchase" where the documents say "buy") is known.
  const bySynonym = new Set(terms.flatMap((term) => (term.source === undefined ? [] : ownTermsOf(term))));
  const total = own.reduce((sum, term) => sum + term.informativeness, 0);
  const unknown = own.filter((term) => term.unknown && !bySynonym.has(term.term));
  return total === 0 ? 0 : unknown.reduce((sum, term) => sum + term.informativeness * (term.name && !ASKERS_PATH.test(term.word) ? 1 : EVERYDAY_WORD_SHARE), 0) / total;
}
