import type { SourceLine } from './clean-pages.ts';
import type { HeadingLines } from './heading-lines.ts';

/**
 * A Markdown code fence: three backquotes or tildes, up to eight (a longer run is a rule or a title's underline,
 * "~~~~" under the mdadm FAQ's questions), with an info string after or not ("```sh").
 */
const FENCE = /^ {0,3}(`{3,8}|~{3,8})(?![`~])/;
/** How much longer or shorter than its title an underline may be (text-headings.ts). */
export const UNDERLINE_SLACK = 3;
/** AsciiDoc's section title: "== Repositories and Branches" (one "=" titles the document), closed by "=" or not. */
const ASCIIDOC_TITLE = /^(={1,6})\s+(\S.*)$/;
/**
 * AsciiDoc's markup lines: a block anchor ("[[how-to-check-out]]") or a block's style ("[preface]", "[source,sh]",
 * "[NOTE]"). Not any bracketed line: "[global]" in a listing is a configuration file's section.
 */
const ASCIIDOC_ANCHOR = /^\[\[[\w:.-]+\]\]$|^\[\[[\w:.-]+,[^\]]*\]\]$/;
const ASCIIDOC_STYLE = /^\[([A-Za-z]+)([^\]]*)\]$/;
const ASCIIDOC_STYLES = new Set(
  ['preface', 'appendix', 'glossary', 'bibliography', 'index', 'colophon', 'abstract', 'partintro', 'dedication', 'qanda', 'horizontal', 'source', 'listing', 'literal', 'verse', 'quote', 'example', 'sidebar', 'NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'],
);
const isAsciidocStyle = (text: string): boolean => {
  const [, name = '', rest = ''] = ASCIIDOC_STYLE.exec(text) ?? [];
  return ASCIIDOC_STYLES.has(name) && (rest === '' || /^[,#.%]/.test(rest));
};
const isAsciidocMarkup = (text: string): boolean => ASCIIDOC_ANCHOR.test(text) || isAsciidocStyle(text);
/** AsciiDoc's listing, literal and passthrough blocks: code between two equal lines of four "-", "." or "+" or more. */
const ASCIIDOC_LISTING = /^(?:-{4,}|\.{4,}|\+{4,})$/;
/** AsciiDoc's example, sidebar and quote blocks: prose between two equal delimiter lines. */
const ASCIIDOC_PROSE_BLOCK = /^(?:={4,}|\*{4,}|_{4,})$/;
/** An AsciiDoc text titles two sections this way or more. */
const FEWEST_ASCIIDOC_TITLES = 2;

/** What a text's markup says of its lines: its headings and the lines it drops (null), and the lines of code. */
export interface TextMarkup {
  headings: HeadingLines;
  /** Lines inside a listing: never a heading or a question, whatever they look like ("# Git itself", "$ git help clone"). */
  code: Set<number>;
}

/**
 * A text's code listings and AsciiDoc structure, read before its headings are guessed from how lines look: a
 * Markdown fence's lines are code (the fences dropped), its HTML comments dropped; in a text with AsciiDoc's section titles ("== Title", two
 * or more), those titles head its sections at the depth their "=" give, its anchors and block styles are dropped,
 * and its listings are code (their delimiter lines, which look like rules, dropped, as are prose blocks').
 */
export function textMarkup(lines: readonly SourceLine[]): TextMarkup {
  const headings: HeadingLines = new Map();
  const code = new Set<number>();
  fencedCode(lines, headings, code);
  htmlComments(lines, headings, code);
  const asciidocTitles = lines.flatMap((line, index) => {
    const title = ASCIIDOC_TITLE.exec(line.text);
    const after = lines[index - 1];
    const opens = line.paragraphStart || (after !== undefined && isAsciidocMarkup(after.text));
    return title && opens && !code.has(index) && /\p{L}/u.test(title[2] ?? '') ? [{ index, text: (title[2] ?? '').trimEnd().replace(/\s=+$/, ''), level: (title[1] ?? '=').length }] : [];
  });
  if (asciidocTitles.length < FEWEST_ASCIIDOC_TITLES) return { headings, code };
  for (const title of asciidocTitles) headings.set(title.index, { text: title.text, level: title.level });
  lines.forEach((line, index) => {
    if (!code.has(index) && isAsciidocMarkup(line.text)) headings.set(index, null);
  });
  delimitedBlocks(lines, headings, code);
  return { headings, code };
}

/** The most lines an HTML comment runs over (Node.js's API docs keep a function's history in one, "<!-- YAML" to "-->"). */
const LONGEST_COMMENT_LINES = 200;

/**
 * Markdown's HTML comments, lines of their own from "<!--" to "-->": text a reader of the page never sees
 * ("<!-- source_link=lib/path.js -->", a "<!-- YAML … -->" block of versions), dropped. Not inside code, nor one
 * that text follows on its closing line or that never closes.
 */
function htmlComments(lines: readonly SourceLine[], headings: HeadingLines, code: ReadonlySet<number>): void {
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]?.text ?? '';
    if (code.has(index) || !text.trimStart().startsWith('<!--')) continue;
    const closes = (at: number) => (lines[at]?.text ?? '').includes('-->', at === index ? text.indexOf('<!--') + 4 : 0);
    let close = index;
    while (close < lines.length && close - index < LONGEST_COMMENT_LINES && !code.has(close) && !closes(close)) close += 1;
    if (!closes(close) || code.has(close) || !(lines[close]?.text.trimEnd().endsWith('-->') ?? false)) continue;
    for (let inside = index; inside <= close; inside += 1) headings.set(inside, null);
    index = close;
  }
}

/** Markdown's fenced code: from a fence to the next fence of its character at least as long; a fence never closed is text. */
function fencedCode(lines: readonly SourceLine[], headings: HeadingLines, code: Set<number>): void {
  const fenceAt = (index: number) => {
    const line = lines[index];
    const fence = FENCE.exec(line?.text ?? '')?.[1];
    const above = lines[index - 1];
    // "~~~~" under a title as long is its underline (the mdadm FAQ's questions), not a fence.
    const underlines = line !== undefined && !line.paragraphStart && above?.paragraphStart === true && line.text.trim() === fence && Math.abs(above.text.trim().length - fence.length) <= UNDERLINE_SLACK;
    return underlines ? undefined : fence;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const open = fenceAt(index);
    if (open === undefined) continue;
    let close = index + 1;
    while (close < lines.length && !(fenceAt(close)?.startsWith(open) && lines[close]?.text.trim() === fenceAt(close))) close += 1;
    if (close >= lines.length) continue;
    headings.set(index, null);
    headings.set(close, null);
    for (let inside = index + 1; inside < close; inside += 1) code.add(inside);
    index = close;
  }
}

/**
 * AsciiDoc's delimited blocks: a delimiter line up to the next equal one, blocks nested in others; a listing's
 * lines are code. A delimiter never closed is a rule.
 */
function delimitedBlocks(lines: readonly SourceLine[], headings: HeadingLines, code: Set<number>): void {
  const open: string[] = [];
  const lastAt = new Map(lines.map((line, index) => [line.text, index]));
  lines.forEach((line, index) => {
    if (code.has(index) && open.length === 0) return;
    const text = line.text;
    const inListing = open.some((delimiter) => ASCIIDOC_LISTING.test(delimiter));
    if (open.includes(text)) {
      headings.set(index, null);
      open.splice(open.lastIndexOf(text));
    } else if (!inListing && (ASCIIDOC_LISTING.test(text) || ASCIIDOC_PROSE_BLOCK.test(text)) && (lastAt.get(text) ?? index) > index) {
      headings.set(index, null);
      open.push(text);
    } else if (inListing) {
      code.add(index);
    }
  });
}
