import type { DocumentPage, PageLine } from './document-kind.ts';
import { withoutNumberedContents } from './numbered-contents.ts';

/**
 * A document's text as lines, without what a reader skips and a search must not find: running headers and
 * footers, page numbers, tables of contents, and (in Texinfo manuals read as text) node lines, menus and
 * index entries. What stays keeps its page and, for a PDF, its font size, for finding headings
 * (document-sections.ts).
 */
export interface SourceLine {
  text: string;
  page: number;
  /** The line's font size (PDF); null for a text file. */
  size: number | null;
  /** A blank line or a wider gap stood before it: it starts a paragraph. */
  paragraphStart: boolean;
}

/** A line in the top or bottom tenth of a page, where running headers and footers sit. */
const BAND = 0.1;
/** A line seen in a page's band on this many pages or more (digits aside) is a running header or footer. */
const RUNNING_PAGES = 3;
/** A gap this many times the page's usual line spacing starts a paragraph. */
const PARAGRAPH_GAP = 1.4;

/** "12", "xiv", "Page 3", "3 of 10", "- 7 -": a line that is only a page number. */
function isPageNumber(text: string): boolean {
  const bare = text.replace(/^[-–—\s]+|[-–—\s]+$/g, '').replace(/^page\s+/i, '');
  return /^\d{1,5}$/.test(bare) || /^[ivxlcdm]{1,8}$/i.test(bare) || /^\d{1,5}\s*(?:of|\/)\s*\d{1,5}$/i.test(bare);
}
/** A table-of-contents line: dot leaders (". . . . 12", "....... xiv") before a page number. */
const isContentsLine = (text: string): boolean =>
  /\.{6}/.test(text) || (/\. ?\. ?\. ?\./.test(text) && /(?:\d{1,5}|\b[ivxlcdm]{1,8})\s*$/i.test(text));
const CONTENTS_HEADING = /^(?:table of )?contents$/i;
/** Texinfo's node line: "File: wget.info,  Node: Overview,  Next: Invoking,  Prev: Top,  Up: Top". */
const INFO_NODE = /^File: [^,]+,\s+Node: /;
const INFO_MENU = /^\* Menu:\s*$/;
/** A menu or index entry: "* Overview::  Features of Wget." or "* bugs:   Problems.   (line 6)". */
const INFO_ENTRY = /^\* [^:]+::|^\* .+:\s.*\(line\s+\d+\)\s*$/;

/** The same line whatever its page number: digits and lone roman numerals read alike. */
const shape = (text: string): string =>
  text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\b[ivxlcdm]{1,8}\b/g, '#')
    .replace(/\s+/g, ' ')
    .trim();

export function documentLines(pages: readonly DocumentPage[]): readonly SourceLine[] {
  return withoutNumberedContents(pages.every((page) => page.lines !== undefined) && pages.length > 0 ? pdfLines(pages) : textLines(pages));
}

function pdfLines(pages: readonly DocumentPage[]): SourceLine[] {
  const running = runningLines(pages.map((page) => page.lines ?? []));
  const lines: SourceLine[] = [];
  for (const page of pages) {
    const pageLines = page.lines ?? [];
    const contents = pageLines.some((line) => isContentsLine(line.text));
    const spacing = usualSpacing(pageLines);
    let previousTop: number | undefined;
    for (const line of pageLines) {
      const inBand = line.top < BAND || line.top > 1 - BAND;
      const boilerplate =
        (inBand && (isPageNumber(line.text) || running.has(shape(line.text)))) ||
        isContentsLine(line.text) ||
        (contents && CONTENTS_HEADING.test(line.text));
      if (boilerplate) continue;
      const gap = previousTop === undefined ? Infinity : line.top - previousTop;
      lines.push({ text: line.text, page: page.page, size: line.size, paragraphStart: gap < 0 || gap > spacing * PARAGRAPH_GAP });
      previousTop = line.top;
    }
  }
  return lines;
}

/** The shapes of the lines that sit in the top or bottom band of RUNNING_PAGES pages or more. */
function runningLines(pages: readonly (readonly PageLine[])[]): Set<string> {
  const pagesOf = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set(lines.filter((line) => line.top < BAND || line.top > 1 - BAND).map((line) => shape(line.text)));
    for (const key of seen) if (key !== '' && key !== '#') pagesOf.set(key, (pagesOf.get(key) ?? 0) + 1);
  }
  return new Set([...pagesOf].filter(([, count]) => count >= RUNNING_PAGES).map(([key]) => key));
}

/** The most common distance between one line and the next on a page (its line spacing). */
function usualSpacing(lines: readonly PageLine[]): number {
  const gaps = lines
    .slice(1)
    .map((line, index) => Math.round((line.top - (lines[index]?.top ?? 0)) * 1000))
    .filter((gap) => gap > 0);
  const counts = new Map<number, number>();
  for (const gap of gaps) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  return usual === undefined ? Infinity : usual / 1000;
}

/** The blank lines in a row that end a page of nroff's output without form feeds (`man … | col -b`, groff -Tascii). */
const PAGE_BREAK_BLANKS = 5;

/** A text's pages: split by form feeds, or, without any, where nroff padded a page with blank lines. */
const sheetsOf = (text: string): string[] =>
  text.includes('\f') ? text.split('\f') : text.split(new RegExp(`\\n(?:[ \\t]*\\n){${PAGE_BREAK_BLANKS},}`));

/** A Markdown blockquote's (or a mail's quoting) marker at a line's start: "> " or a lone ">" (not ">>>>>>>"). */
const QUOTE_MARKER = /^>(?: |$)/;
/** A text quotes its answers this way when this many lines, and this share of its lines with text, are quoted. */
const FEWEST_QUOTED_LINES = 5;
const QUOTED_SHARE = 0.05;

/**
 * Whether a text sets its answers as quotes (sudo's troubleshooting FAQ: "> You didn't setup PAM to work with
 * sudo.  On RedHat …"): the markers are no words of it, and a lone ">" between two quoted paragraphs parts them.
 */
function quotesItsText(rows: readonly string[]): boolean {
  const filled = rows.filter((row) => row.trim() !== '');
  const quoted = filled.filter((row) => QUOTE_MARKER.test(row)).length;
  return quoted >= FEWEST_QUOTED_LINES && quoted >= filled.length * QUOTED_SHARE;
}

/**
 * A text file's lines. Pages split by form feeds (or by nroff's padding of blank lines) lose their running
 * headers and footers as a PDF's do (their first and last two lines stand for the bands; a line is a running one
 * on three pages or more); Texinfo's node lines, menus and index entries go; a text that quotes its answers loses
 * the quotes' markers.
 */
function textLines(pages: readonly DocumentPage[]): SourceLine[] {
  const sheets = pages.flatMap((page) => sheetsOf(page.text).map((text) => ({ page: page.page, rows: text.replace(/\r\n?/g, '\n').split('\n') })));
  const unquote = quotesItsText(sheets.flatMap(({ rows }) => rows)) ? (row: string) => row.replace(QUOTE_MARKER, '') : (row: string) => row;
  const banded = (rows: readonly string[]) => {
    const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.trim() !== '');
    // A short sheet's middle is its body, never a band.
    const depth = filled.length > 6 ? 2 : 1;
    return new Set([...filled.slice(0, depth), ...filled.slice(-depth)].map(({ index }) => index));
  };
  const running = sheets.length >= RUNNING_PAGES
    ? runningLines(sheets.map(({ rows }) => [...banded(rows)].map((index) => ({ text: rows[index] ?? '', size: 0, top: 0 }))))
    : new Set<string>();
  const lines: SourceLine[] = [];
  for (const { page, rows } of sheets) {
    const band = sheets.length >= RUNNING_PAGES ? banded(rows) : new Set<number>();
    let blankBefore = true;
    let inMenu = false;
    rows.forEach((row, index) => {
      const text = unquote(row).trimEnd();
      if (text.trim() === '') {
        blankBefore = true;
        return;
      }
      // A menu is its entries and their indented continuations, up to a paragraph of something else.
      if (inMenu && (blankBefore ? !text.startsWith('* ') : !(text.startsWith('* ') || /^\s/.test(text)))) inMenu = false;
      if (INFO_MENU.test(text)) inMenu = true;
      const boilerplate =
        inMenu ||
        INFO_NODE.test(text) ||
        INFO_ENTRY.test(text) ||
        isContentsLine(text) ||
        (band.has(index) && (isPageNumber(text) || running.has(shape(text))));
      if (boilerplate) return;
      lines.push({ text, page, size: null, paragraphStart: blankBefore });
      blankBefore = false;
    });
  }
  return lines;
}
