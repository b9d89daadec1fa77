import type { QuestionTerm } from './question-terms.ts';

/**
 * A command's options a question names as typed ("What does rsync --delete do?", "gzip -9"), and the passages
 * that define one: a manual sets an option on a line of its own above its description (a manual page's
 * "--delete", an info manual's "‘--stdout’", "-e, --rsh=COMMAND"), where the search reads "--delete" as the
 * word "delete", which the rest of the manual holds as often.
 */

/** An option as typed: two dashes, or one and a letter, then letters, digits, dashes or underscores; or one dash and a digit ("-9", not "-15"). */
const OPTION = /^(?:--[\p{L}\d]|-\p{L})[\p{L}\d_-]*$|^-\d$/u;
/** What may stand around an option a question types: quotes, brackets, a sentence's end; an "=VALUE" after it. */
const AROUND = /^[("'‘“`[]+|[)"'’”`\],.;:?!]+$/gu;

/** An option as it compares: a long one in any case ("--Delete"), a letter's as typed ("-e" is not "-E"). */
const comparable = (option: string): string => (option.startsWith('--') ? option.toLowerCase() : option);

/** The options the question names, each once ("--max-delete=NUM" as "--max-delete"; a long one lower-case). */
export function namedOptions(question: string): string[] {
  const options = question.split(/\s+/).flatMap((token) => {
    const option = token.replace(AROUND, '').split('=')[0] ?? '';
    return OPTION.test(option) ? [comparable(option)] : [];
  });
  return [...new Set(options)];
}

/** The question's terms an option's words gave ("--max-delete": "max", "delete" and "max-delete"). */
export function optionTermsOf(terms: readonly QuestionTerm[], option: string): string[] {
  const name = option.replace(/^-+/, '').toLowerCase();
  const words = new Set([name, ...name.split('-')]);
  return terms.filter((term) => words.has(term.word.toLowerCase())).map((term) => term.term);
}

/** A word between options that names none and describes nothing ("--ipv4, -4 or --ipv6, -6"). */
const BETWEEN_OPTIONS = new Set(['or', 'and', '|']);

/**
 * A line's words when it sets options and nothing else, each with one argument at most ("-e, --rsh=COMMAND");
 * else undefined. A line that ends a sentence is a sentence's ("--archive implies --links.", wrapped so).
 */
function optionLineWords(line: string): string[] | undefined {
  const words = line.replace(/[‘’'"`]/g, '').split(/[\s,]+/).filter((word) => word !== '');
  if (!words[0]?.startsWith('-') || /[.!?]$/.test(line.trimEnd())) return undefined;
  let argumentWords = 0;
  for (const word of words) {
    if (word.startsWith('-')) argumentWords = 0;
    else if (!BETWEEN_OPTIONS.has(word) && ++argumentWords > 1) return undefined;
  }
  return words;
}

const names = (words: readonly string[], option: string): boolean => words.some((word) => comparable(word.split('=')[0] ?? '') === option);

/**
 * Whether the text defines the option: a line that holds it among options, each with one argument at most, and
 * nothing else, as a manual sets an option above its description ("--delete", "-e, --rsh=COMMAND", "‘-nc’",
 * "-L [bind_address:]port:host:hostport", "--ipv4, -4 or --ipv6, -6"). A line that goes on to describe it
 * ("--delete  delete extraneous files", an option summary's) or only mentions it does not.
 */
export function definesOption(text: string, option: string): boolean {
  return text.split('\n').some((line) => {
    const words = optionLineWords(line);
    return words !== undefined && names(words, option);
  });
}

/**
 * The long options a text defines together with `option` (definesOption): on its line, or on the option lines
 * right above or below it, as an info manual sets "‘-a’" and "‘--all’" one under the other. "--archive" for
 * "-a" in "--archive, -a"; lower-case, each once.
 */
export function longFormsBeside(text: string, option: string): string[] {
  const forms = new Set<string>();
  let run: string[][] = [];
  for (const line of [...text.split('\n'), '']) {
    const words = optionLineWords(line);
    if (words) {
      run.push(words);
      continue;
    }
    if (run.some((each) => names(each, option))) {
      for (const word of run.flat()) if (word.startsWith('--')) forms.add(comparable(word.split('=')[0] ?? ''));
    }
    run = [];
  }
  forms.delete(option);
  return [...forms].filter((form) => OPTION.test(form));
}
