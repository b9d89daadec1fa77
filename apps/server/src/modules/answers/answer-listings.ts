import { OPTION_LINE } from './sentence-shapes.ts';

/**
 * A paragraph that is a listing (commands, a configuration file's lines, code) rather than prose: its lines are
 * kept as they stand, never joined into one ("./configure --debug" and "make -j4", not "./configure --debug make
 * -j4"), and the answer sets it as code (answer-builders.ts). A Markdown fence's or a web page's <pre> lines make a
 * paragraph of their own (document-sections.ts, html-page.ts); a plain-text manual sets its examples apart by
 * blank lines.
 */

/**
 * A piece of a line that only code holds: an option, a path, an assignment, a prompt (a shell's "$" or "#", a
 * program's "(gdb)"), a shell's or a program's punctuation.
 */
const CODE_SIGN = /(?:^|\s)--?[\p{L}\d]|[=/\\$`{}<>|;_~]|^\s*[#%>]|^\s*\([\w-]+\)\s|\w\(.*\)/u;
/**
 * A command with no sign of code in it ("make test-only", "npm ci"): a word in lower case and at most three more,
 * no punctuation of prose. It counts as code beside a line that has a sign: wrapped prose's lines run longer, and a
 * line that starts a sentence starts in capitals.
 */
const BARE_COMMAND_WORDS = 4;
const isBareCommand = (line: string): boolean => {
  const words = line.trim().split(/ +/);
  return words.length <= BARE_COMMAND_WORDS && /^[a-z][\w.+-]*$/.test(words[0] ?? '') && words.every((word) => /^[\w.+@:-]+$/.test(word));
};
/** How a line of prose ends a paragraph: a full stop, a question or exclamation mark, a colon (a quote's closing marks after). */
const ENDS_PROSE = /[.!?:]["'”’)\]]*$/;
/** A sentence ending inside a line, the next one starting: prose ("… the file. The next …"). */
const SENTENCE_INSIDE = /\p{Ll}[.!?]\s+\p{Lu}\p{Ll}/u;
/** A list's item as the page reader writes it, or Markdown's: "• \\ on Windows", "* `path` {string}" ("- " may be YAML's or a diff's). */
const LIST_ITEM = /^\s*[•*]\s/;
/** A table's row as the page reader writes it (cells joined by " | "): answer-tables.ts reads those. */
const TABLE_ROW = / \| /;
/** The most characters of a listing quoted as one piece; a longer one is cut between lines. */
export const LONGEST_LISTING_PIECE = 300;

/** A line that opens a comment in code: C's block ("/* …"), or a line comment ("// …", a shell's "# …"). */
const OPENS_COMMENT = /^\s*(?:\/\*|\/\/|#\s)/;
/** A line that ends a block comment. */
const CLOSES_COMMENT = /\*\//;

/** The lines of a paragraph outside its code's comments, where a sentence's end is prose's and not a comment's. */
function linesOutsideComments(lines: readonly string[]): string[] {
  const outside: string[] = [];
  let inBlock = false;
  for (const line of lines) {
    const opensBlock = /^\s*\/\*/.test(line);
    if (inBlock || opensBlock) inBlock = !CLOSES_COMMENT.test(opensBlock ? line.replace(/^\s*\/\*/, '') : line);
    else if (!OPENS_COMMENT.test(line)) outside.push(line);
  }
  return outside;
}

/**
 * Whether a paragraph is a listing: two lines or more, its last not ending as prose does, no sentence ending
 * inside a line but a comment's (code's comments are written in sentences), not a table, a list nor a usage
 * text's options (a line that starts with an option describes it: the option's description is read as such,
 * sentence-shapes.ts), and two of three of its lines or more holding a sign of code (CODE_SIGN) or a bare command
 * beside one (isBareCommand): "See the manual at" above a web address is prose.
 */
export function isListing(paragraph: string): boolean {
  const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
  const last = lines.at(-1)?.trim() ?? '';
  if (lines.length < 2 || ENDS_PROSE.test(last)) return false;
  const code = linesOutsideComments(lines);
  if (code.length === 0 || code.some((line) => SENTENCE_INSIDE.test(line)) || lines.some((line) => OPTION_LINE.test(line)) || lines.every((line) => TABLE_ROW.test(line) || LIST_ITEM.test(line))) return false;
  const signed = lines.filter((line) => CODE_SIGN.test(line)).length;
  return signed > 0 && lines.filter((line) => CODE_SIGN.test(line) || isBareCommand(line)).length * 3 >= lines.length * 2;
}

/**
 * A listing's pieces to quote: its lines (trailing spaces dropped, the common indent removed), in runs of at most
 * LONGEST_LISTING_PIECE characters, each run its lines joined by line breaks.
 */
export function listingPieces(paragraph: string): string[] {
  const lines = paragraph.split('\n').map((line) => line.trimEnd()).filter((line) => line !== '');
  const indent = Math.min(...lines.map((line) => line.length - line.trimStart().length));
  const pieces: string[] = [];
  for (const line of lines.map((each) => each.slice(indent))) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= LONGEST_LISTING_PIECE) pieces[pieces.length - 1] = `${last}\n${line}`;
    else pieces.push(line);
  }
  return pieces;
}
