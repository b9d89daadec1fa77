import type { SourceLine } from './clean-pages.ts';
import { numberingOf } from './heading-lines.ts';

/** A table of contents lists a good many of the sections it repeats: fewer listed lines than this are no list. */
const FEWEST_LISTED = 5;
/** The most lines between two listed ones: a wrapped title's second line, a part's title, a short list of what an entry covers. */
const MOST_LINES_BETWEEN = 8;
/** Of the lines numbered at two levels between the list's first and last, the share the text repeats later. */
const LISTED_SHARE = 0.8;
/** Of all the lines there, the share that are numbered (the rest a wrapped title's second line). */
const NUMBERED_SHARE = 0.6;
/** The contents' own title: "CONTENTS", "Table of Contents:". */
const CONTENTS_TITLE = /^(?:table of )?contents:?$/i;
/** A list's bullet before a listed title: an HTML page's nested list as `lynx -dump` and html2text set it ("* 2 Keyboard", "+ 2.3 How do I …?"). */
const BULLET = /^[*+•o-]\s+/;

/**
 * The lines without a plain text's table of contents of numbered titles ("1.1. Introduction - How this FAQ is
 * organized", lsof's "1.2.4	Why can't I get the sum(1) result …"), which a PDF's dot leaders give away
 * (clean-pages.ts) and a text file's do not: the longest run of lines numbered at two levels or more, close
 * together (a bullet before the number aside: a web page's list as text), whose numbering the text repeats
 * further on (the section's own title or question), where most lines so numbered are such repeats and most lines
 * are numbered; with the wrapped lines of its last title, and above
 * it the parts' titles it lists and the contents' own title. Left in, the list was read as text, found by the
 * search for the questions it lists, and quoted ("(Or, "Greedy vs. stingy pattern matching") 5.5." answered a
 * question about man pages); each entry holds its question or title where it stands.
 */
export function withoutNumberedContents(lines: readonly SourceLine[]): readonly SourceLine[] {
  const numbering = lines.map((line) => numberingOf(line.text.trim().replace(BULLET, '')));
  const lastAt = new Map<string, number>();
  numbering.forEach((each, index) => each !== undefined && lastAt.set(each, index));
  const nested = (index: number) => (numbering[index]?.split('.').length ?? 0) >= 2;
  const listed = lines.flatMap((_, index) => (nested(index) && lastAt.get(numbering[index] ?? '') !== index ? [index] : []));
  // The list is the longest run of such lines close together; a number the text happens to repeat elsewhere is no list.
  const runs: number[][] = [];
  for (const index of listed) {
    const run = runs.at(-1);
    if (run && index - (run.at(-1) ?? index) <= MOST_LINES_BETWEEN) run.push(index);
    else runs.push([index]);
  }
  const list = runs.reduce<number[]>((longest, run) => (run.length > longest.length ? run : longest), []);
  const [first, last] = [list[0], list.at(-1)];
  if (first === undefined || last === undefined || list.length < FEWEST_LISTED) return lines;
  const span = Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
  if (list.length < span.filter(nested).length * LISTED_SHARE || span.filter((index) => numbering[index] !== undefined).length < span.length * NUMBERED_SHARE) return lines;
  let end = last;
  while (lines[end + 1] && !lines[end + 1]?.paragraphStart && numbering[end + 1] === undefined) end += 1;
  // Above its first, a part's title it lists too ("1. GENERAL INFORMATION"), and the contents' own title.
  let start = first;
  const listedAbove = (index: number) => numbering[index] !== undefined && lastAt.get(numbering[index] ?? '') !== index;
  while (start > 0 && listedAbove(start - 1)) start -= 1;
  if (start > 0 && CONTENTS_TITLE.test(lines[start - 1]?.text.trim() ?? '')) start -= 1;
  const after = lines[end + 1];
  // What follows the list starts a paragraph of its own, as it did after the list.
  return [...lines.slice(0, start), ...(after ? [{ ...after, paragraphStart: true }] : []), ...lines.slice(end + 2)];
}
