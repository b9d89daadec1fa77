import type { QuestionTerm } from './question-terms.ts';

/**
 * A command's options a question names as typed ("What does rsync --delete do?", "gzip -9"), and the passages
 * that define one: a manual sets an option on a line of its own above its description (a manual page's
 * "--delete", an info manual's "‘--stdout’", "-e, --rsh=COMMAND"), where the search reads "--delete" as the
 * word "delete", which the rest of the manual holds as often. So too a setting's or a variable's name, words
 * joined by underscores ("XZ_DEFAULTS", "pasv_min_port"), which the search reads as its words ("xz", "default").
 */

/** An option as typed: two dashes, or one and a letter, then letters, digits, dashes or underscores; or one dash and a digit ("-9", not "-15"). */
const OPTION = /^(?:--[\p{L}\d]|-\p{L})[\p{L}\d_-]*$|^-\d$/u;
/** What may stand around an option a question types: quotes, brackets, a sentence's end; an "=VALUE" after it. */
const AROUND = /^[("'‘“`[]+|[)"'’”`\],.;:?!]+$/gu;

/** A setting's or a variable's name as typed: words joined by underscores ("XZ_DEFAULTS", "pasv_min_port"). */
const isIdentifier = (word: string): boolean => /^\p{L}[\p{L}\d_]*[\p{L}\d]$/u.test(word) && word.includes('_') && !word.includes('__');

/** An option as it compares: a long one and a setting's name in any case ("--Delete", "xz_opt"), a letter's as typed ("-e" is not "-E"). */
export const comparableOption = (option: string): string => (option.startsWith('--') || !option.startsWith('-') ? option.toLowerCase() : option);

/** The options and settings' names the question names, each once ("--max-delete=NUM" as "--max-delete"; a long one lower-case). */
export function namedOptions(question: string): string[] {
  const options = question.split(/\s+/).flatMap((token) => {
    const option = token.replace(AROUND, '').split('=')[0] ?? '';
    return OPTION.test(option) || isIdentifier(option) ? [comparableOption(option)] : [];
  });
  return [...new Set(options)];
}

/** The question's terms an option's words gave ("--max-delete": "max", "delete" and "max-delete"). */
export function optionTermsOf(terms: readonly QuestionTerm[], option: string): string[] {
  const name = option.replace(/^-+/, '').toLowerCase();
  const words = new Set([name, ...name.split(/[-_]/)]);
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

/**
 * The options a paragraph starts with when it goes on to describe them on the same line, as a tagged list sets
 * them ("-A Enables forwarding of connections …", ssh's); not when the next line starts with an option too (an
 * option summary's lines: "--delete  delete extraneous files").
 */
function describedOptions(lines: readonly string[], index: number): string[] | undefined {
  if (index > 0 && lines[index - 1]?.trim() !== '') return undefined;
  if (/^\s*-/.test(lines[index + 1] ?? '')) return undefined;
  const words = (lines[index] ?? '').replace(/[‘’'"`]/g, '').split(/[\s,]+/).filter((word) => word !== '');
  const leading: string[] = [];
  for (const word of words) {
    if (!word.startsWith('-')) break;
    leading.push(word);
  }
  return leading.length > 0 && leading.length < words.length ? leading : undefined;
}

const names = (words: readonly string[], option: string): boolean => words.some((word) => comparableOption(word.split('=')[0] ?? '') === option);

/**
 * Whether the text defines the option: a line that holds it among options, each with one argument at most, and
 * nothing else, as a manual sets an option above its description ("--delete", "-e, --rsh=COMMAND", "‘-nc’",
 * "-L [bind_address:]port:host:hostport", "--ipv4, -4 or --ipv6, -6"), or a paragraph that starts with it and
 * describes it (describedOptions). A line of an option summary ("--delete  delete extraneous files") or one
 * that only mentions it does not.
 */
export function definesOption(text: string, option: string): boolean {
  const lines = text.split('\n');
  if (!option.startsWith('-')) return lines.some((line, index) => definesName(lines, index, option));
  return lines.some((line, index) => {
    const words = optionLineWords(line) ?? describedOptions(lines, index);
    return words !== undefined && names(words, option);
  });
}

/**
 * Whether the line at `index` defines a setting's or a variable's name (`name`, lower-case): it stands alone on
 * the line, above its description (a manual page's "XZ_DEFAULTS", vsftpd.conf's "pasv_min_port"), or starts a
 * paragraph that describes it ("XZ_OPT This is for passing options to xz …"); not a line that uses it
 * ("XZ_OPT=-2v tar caf foo.tar.xz foo").
 */
function definesName(lines: readonly string[], index: number, name: string): boolean {
  const words = (lines[index] ?? '').replace(/[‘’'"`]/g, '').trim().split(/\s+/);
  if (words[0]?.replace(/:$/, '').toLowerCase() !== name) return false;
  return words.length === 1 || ((index === 0 || lines[index - 1]?.trim() === '') && /^\p{Lu}/u.test(words[1] ?? ''));
}

/**
 * The long options a text defines together with `option` (definesOption): on its line, or on the option lines
 * right above or below it, as an info manual sets "‘-a’" and "‘--all’" one under the other. "--archive" for
 * "-a" in "--archive, -a"; lower-case, each once.
 */
export function longFormsBeside(text: string, option: string): string[] {
  const forms = new Set<string>();
  const lines = [...text.split('\n'), ''];
  let run: string[][] = [];
  for (const [index, line] of lines.entries()) {
    const alone = optionLineWords(line);
    if (alone) {
      run.push(alone);
      continue;
    }
    const described = describedOptions(lines, index);
    if (described) run.push(described);
    if (run.some((each) => names(each, option))) {
      for (const word of run.flat()) if (word.startsWith('--')) forms.add(comparableOption(word.split('=')[0] ?? ''));
    }
    run = [];
  }
  forms.delete(option);
  return [...forms].filter((form) => OPTION.test(form));
}

/**
 * The question's terms that count as the heading's of a passage defining an option it names (`definedTerms`,
 * the option's own: undefined for a passage that defines none), with those its document's title holds: the
 * defining line under the manual's title reads as the question typed it ("ssh -A" in the ssh manual).
 */
export function definitionHeadingTerms(terms: readonly QuestionTerm[], definedTerms: readonly string[] | undefined, titleTerms: readonly string[]): string[] {
  if (definedTerms === undefined) return [];
  return [...new Set([...definedTerms, ...terms.filter((term) => titleTerms.includes(term.term)).map((term) => term.term)])];
}
