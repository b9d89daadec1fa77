import type { Db } from '../../db/client.ts';
import { chunksNamingLetterOption, LETTER_OPTION_SCANNED } from './knowledge-search.repository.ts';
import { definesOption, longFormsBeside, namedOptions, optionTermsOf } from './named-options.ts';
import { type QuestionTerm, questionTerms } from './question-terms.ts';

/** The most long forms a question is read with (the ones the documents define most often). */
const MOST_LONG_FORMS = 3;

/** A one-letter option the question types, the chunks defining it and the long options set beside it there. */
export interface LetterOption {
  option: string;
  definitions: number[];
  /** The long options defined beside it ("--archive" for "-a"). */
  longForms: string[];
}

/**
 * The question's own rarest words, as many as are in at most LETTER_OPTION_SCANNED chunks together (the rarest
 * always); a word no chunk holds may still be a document's title ("ls").
 */
function rarestWords(terms: readonly QuestionTerm[]): string[] {
  const own = terms.filter((term) => term.source === undefined).sort((a, b) => a.chunks - b.chunks || (a.term < b.term ? -1 : 1));
  let running = 0;
  return own
    .filter((term, place) => {
      running += term.chunks;
      return place === 0 || running <= LETTER_OPTION_SCANNED;
    })
    .map((term) => term.term);
}

/** The first `most` of the forms, the most often found first. */
function mostFound(found: readonly string[], most: number): string[] {
  const counts = new Map<string, number>();
  for (const form of found) counts.set(form, (counts.get(form) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, most).map(([form]) => form);
}

/**
 * The question as the search reads it, with its terms and its one-letter options. A one-letter option English
 * drops as a stop word ("rsync -a", "tar -t", "grep -i") gives the search no word to find: the chunks defining
 * it are looked for among those holding the question's rarest words and those of the documents it names by
 * title (only those, when they define it); where they set it beside a long form ("--archive, -a"), the question
 * is read as typing that too ("rsync -a --archive"), whose words the search then finds. An option English keeps
 * a word of ("tar -x") is read with its long forms too ("--extract", "--get"): a usage line names it as often.
 */
export async function withLongForms(db: Db, query: string, documentId: number | undefined): Promise<{ query: string; terms: QuestionTerm[]; letterOptions: LetterOption[] }> {
  const terms = await questionTerms(db, query);
  const letters = namedOptions(query).filter((option) => /^-\p{L}$/u.test(option));
  if (letters.length === 0) return { query, terms, letterOptions: [] };
  const words = rarestWords(terms);
  const letterOptions: LetterOption[] = [];
  for (const option of letters) {
    const found = (await chunksNamingLetterOption(db, words, option, documentId)).filter((row) => definesOption(row.content, option));
    // Where the question names a manual ("ssh -L"), another's definition ("-L, --tape-length" of tar's) is not its.
    const defining = found.some((row) => row.titled) ? found.filter((row) => row.titled) : found;
    if (defining.length === 0) continue;
    const longForms = mostFound(defining.flatMap((row) => longFormsBeside(row.content, option)), MOST_LONG_FORMS);
    letterOptions.push({ option, definitions: [...new Set(defining.map((row) => Number(row.id)))], longForms });
  }
  const longForms = letterOptions.flatMap((each) => each.longForms);
  if (longForms.length === 0) return { query, terms, letterOptions };
  const read = `${query} ${longForms.join(' ')}`;
  return { query: read, terms: await questionTerms(db, read), letterOptions };
}

/**
 * A term standing for each one-letter option that gives the search no word, neither its own nor a long form's
 * ("ssh -i": ssh sets no long options), weighed as the question's rarest word: the passages defining the option
 * hold it as their heading's word (optionDefinitions). It only scores; no statement searches for it.
 */
export function optionStandIns(letterOptions: readonly LetterOption[], terms: readonly QuestionTerm[]): QuestionTerm[] {
  const own = terms.filter((term) => term.source === undefined && !term.unknown);
  const idf = Math.max(1, ...own.map((term) => term.idf));
  return letterOptions
    .filter(({ option, definitions, longForms }) => definitions.length > 0 && [option, ...longForms].every((form) => optionTermsOf(terms, form).length === 0))
    .map(({ option, definitions }) => ({ term: option, idf, chunks: definitions.length, unknown: false, word: option, weight: 1, informativeness: 0, name: false }));
}
