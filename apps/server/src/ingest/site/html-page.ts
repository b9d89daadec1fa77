import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { DocumentSection } from '../reading/document-sections.ts';
import { decodeWindows1252 } from '../reading/decode-text.ts';
import { QUESTION_LEVEL } from '../reading/faq-questions.ts';
import { ENDS_AS_QUESTION } from '../reading/heading-lines.ts';
import { normalisePageUrl } from './site-urls.ts';

/** The little of linkedom's DOM read here, typed alike whether a project compiles with the DOM's own types or not. */
interface PageNode {
  nodeType: number;
  textContent: string | null;
}
interface PageElement extends PageNode {
  tagName: string;
  children: ArrayLike<PageElement>;
  childNodes: ArrayLike<PageNode>;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
  getAttribute(name: string): string | null;
  closest(selectors: string): PageElement | null;
  cloneNode(deep: boolean): PageElement;
  remove(): void;
}
interface PageDocument {
  body: PageElement;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): ArrayLike<PageElement>;
}
type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];

const parsePage = (html: string) => {
  const { document } = parseHTML(html);
  return { document: document as unknown as PageDocument, readable: document as unknown as ReadabilityDocument };
};

export interface HtmlPage {
  /** The page's title: Readability's (from <title>, og:title, the first heading), else the URL's path. */
  title: string;
  /** Its main content as sections under their heading paths, ready for chunkSections. */
  sections: DocumentSection[];
  /** Every http(s) link on the page, resolved against its URL (or <base>), fragments dropped; none under nofollow. */
  links: URL[];
  /** `<meta name="robots" content="noindex">`: the page asks not to be indexed. */
  noindex: boolean;
  /** The character set it was decoded from. */
  charset: string;
}

/** Dropped before anything is read: never content. */
const NEVER_CONTENT = 'script, style, noscript, template, iframe, object, embed, svg, canvas, form, button, select, input, textarea';
/** Cookie and consent banners, which Readability can take for a short article of their own. */
const BANNERS = '[id*="cookie" i], [class*="cookie" i], [id*="consent" i], [class*="consent" i], [id*="gdpr" i], [class*="gdpr" i], [aria-modal="true"]';
/** Page furniture, which Readability keeps on a short page. */
const FURNITURE = 'nav, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"]';

/** Text as one line: a page's line breaks are only its source's layout. */
const inline = (text: string): string => text.replace(/\s+/g, ' ').trim();

const HEADING = /^H([1-6])$/;
/**
 * A FAQ page's entries: a disclosure's title (<details><summary>, the accordion most FAQ pages use) and a term of a
 * description list that asks (<dl><dt>…?</dt><dd>…</dd>) head their entry, as a FAQ file's question lines do
 * (faq-questions.ts: below every heading, the next one replacing it); after the list, the page's headings head again.
 */
const ENTRY_QUESTION = new Set(['SUMMARY', 'DT']);
const ENTRY_LIST = new Set(['DETAILS', 'DL']);
/**
 * A list whose every item opens with an emphasised title, alone before the item's paragraphs, is a list of titled
 * entries (libxslt's FAQ page: `<li><em>Troubles compiling or linking programs using libxslt</em><p>Usually …</p>`;
 * a manual's `<li><strong>Security</strong><p>…</p>`): each title heads its item as an entry's question does.
 */
const ENTRY_TITLE = new Set(['EM', 'STRONG', 'B', 'I']);
/** A title longer than this is a sentence set in bold, not an entry's title. */
const MOST_TITLE_CHARACTERS = 200;
/** Elements whose text is one paragraph when they hold no other block. */
const TEXT_BLOCKS = new Set(['P', 'LI', 'DT', 'DD', 'BLOCKQUOTE', 'FIGCAPTION', 'CAPTION', 'ADDRESS', 'SUMMARY', 'TD', 'TH', 'DIV', 'SECTION', 'ARTICLE', 'MAIN']);
const BLOCKS = new Set([...TEXT_BLOCKS, 'UL', 'OL', 'DL', 'TABLE', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'FIGURE', 'DETAILS', 'TBODY', 'THEAD', 'TFOOT', 'TR', 'BODY', 'HEADER', 'FOOTER', 'NAV', 'ASIDE']);

/**
 * The character set a page declares: its Content-Type's charset, else a byte order mark, else a <meta charset> or
 * <meta http-equiv="Content-Type"> in its first 1024 bytes (the HTML standard's prescan), else UTF-8. A label
 * the platform's TextDecoder does not know is read as UTF-8.
 */
export function pageCharset(bytes: Uint8Array, contentType: string): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const candidates: (string | undefined)[] = [declared];
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) candidates.push('utf-8');
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) candidates.push('utf-16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) candidates.push('utf-16be');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  candidates.push(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]);
  for (const label of candidates) {
    if (!label) continue;
    try {
      return new TextDecoder(label).encoding;
    } catch {
      // an unknown label: try the next way of knowing
    }
  }
  return 'utf-8';
}

/**
 * A web page read as a reader would: decoded by its declared character set, its links gathered, then its main
 * content found by Mozilla's Readability on a linkedom DOM (navigation, footers, banners and scripts go), and
 * that content walked into sections: h1–h6 make the heading path, each paragraph, list item, table row (cells
 * joined by " | ") and code block (its lines kept) is a paragraph of its own.
 */
export function readHtmlPage(bytes: Uint8Array, contentType: string, pageUrl: URL): HtmlPage {
  const charset = pageCharset(bytes, contentType);
  // Node reads windows-1252 (what ISO-8859-1 means on the web) as Latin-1: € and curly quotes are mapped by hand.
  const html = charset === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(charset).decode(bytes);
  const { document, readable } = parsePage(html);
  const robots = (document.querySelector('meta[name="robots" i]')?.getAttribute('content') ?? '').toLowerCase();
  const base = normalisePageUrl(document.querySelector('base[href]')?.getAttribute('href') ?? '', pageUrl) ?? pageUrl;
  const links: URL[] = [];
  if (!robots.includes('nofollow')) {
    for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
      if ((anchor.getAttribute('rel') ?? '').toLowerCase().includes('nofollow')) continue;
      const link = normalisePageUrl(anchor.getAttribute('href') ?? '', base);
      if (link) links.push(link);
    }
  }
  for (const element of Array.from(document.querySelectorAll(`${NEVER_CONTENT}, ${BANNERS}, ${FURNITURE}`))) element.remove();
  // A page's own header and footer go; an article's (its title, its notes) stay.
  for (const element of Array.from(document.querySelectorAll('header, footer'))) if (!element.closest('article, main')) element.remove();
  const fallbackTitle = inline(document.querySelector('title')?.textContent ?? '');
  // Readability changes the DOM it reads: it is given the page after the links were taken.
  const article = new Readability(readable, { keepClasses: false }).parse();
  let content: PageElement;
  if (article?.content) {
    content = parsePage(`<!doctype html><html><body>${article.content}</body></html>`).document.body;
  } else {
    content = document.body;
  }
  const title = wholeTitle(inline(article?.title ?? ''), fallbackTitle) || pageUrl.pathname;
  return { title, sections: contentSections(content, title), links, noindex: robots.includes('noindex'), charset };
}

/**
 * The page's title: Readability's, unless it cut the <title> inside a word. Readability keeps the part of a title
 * after its first separator when the part before is short, and reads a hyphen as one: "Command-line API | Node.js
 * v20.20.2 Documentation" became "line API | Node.js …". The <title> stands then.
 */
function wholeTitle(readable: string, title: string): string {
  const at = readable === '' ? -1 : title.indexOf(readable);
  return readable === '' || (at > 0 && /[\p{L}\p{N}][-‐]$/u.test(title.slice(0, at))) ? title : readable;
}

/** A description list's term that says all it has to say: a sentence, or longer than a term runs. */
const LONGEST_TERM = 80;
const isEntry = (term: string): boolean => term.length > LONGEST_TERM || /[.!?]$/.test(term);

/** A permalink beside a heading's text ("#", "¶", "§", "🔗": Sphinx's, Node.js's and GitHub's pages), no word of it. */
const PERMALINK = 'a[href^="#"]';

/** A heading's text without its permalinks: "path.basename(path[, suffix])", not "… suffix])#". */
function headingText(heading: PageElement): string {
  const copy = heading.cloneNode(true);
  for (const link of Array.from(copy.querySelectorAll(PERMALINK))) if (!/[\p{L}\p{N}]/u.test(link.textContent ?? '')) link.remove();
  return inline(copy.textContent ?? '');
}

/**
 * The items of a list of titled entries with their titles (ENTRY_TITLE): two items or more, each opening with an
 * emphasised title of its own (text before it but whitespace, or a longer one, is no title) followed by a block
 * (a paragraph, a code block, a list); null for any other list.
 */
function titledItems(list: PageElement): { item: PageElement; title: PageElement }[] | null {
  const items = Array.from(list.children);
  if (items.length < 2) return null;
  const titled: { item: PageElement; title: PageElement }[] = [];
  for (const item of items) {
    if (item.tagName.toUpperCase() !== 'LI') return null;
    const nodes = Array.from(item.childNodes).filter((node) => node.nodeType === 1 || (node.textContent ?? '').trim() !== '');
    const title = nodes[0];
    if (title?.nodeType !== 1) return null;
    const element = title as PageElement; // nodeType 1: an element
    const text = inline(element.textContent ?? '');
    if (!ENTRY_TITLE.has(element.tagName.toUpperCase()) || text === '' || text.length > MOST_TITLE_CHARACTERS) return null;
    const next = nodes[1];
    if (next?.nodeType !== 1 || !BLOCKS.has((next as PageElement).tagName.toUpperCase())) return null;
    titled.push({ item, title: element });
  }
  return titled;
}

/** The content's blocks as sections; the page's title heads them all unless the content's first heading repeats it. */
function contentSections(content: PageElement, title: string): DocumentSection[] {
  const sections: DocumentSection[] = [];
  let path: { level: number; text: string }[] = [{ level: 0, text: title }];
  let current: DocumentSection | undefined;
  // A description list's term (<dt>, not a question) waiting for its description (<dd>): it opens the description's
  // first paragraph, as a manual's term opens its ("link-style Set the style of links."); a term with none stands alone.
  let term: string | undefined;
  // The column names of the table being read, from its header row.
  let tableHeader: string[] | undefined;
  const add = (paragraph: string, kind: 'text' | 'code' = 'text') => {
    if (paragraph.trim() === '') return;
    const termed = term;
    term = undefined;
    if (termed !== undefined && kind === 'code') add(termed);
    const text = termed !== undefined && kind === 'text' ? `${termed} ${paragraph}` : paragraph;
    if (!current) {
      current = { headings: path.map((heading) => heading.text), paragraphs: [] };
      sections.push(current);
    }
    current.paragraphs.push({ text, page: 1 });
  };
  const flushTerm = () => {
    const alone = term;
    term = undefined;
    if (alone !== undefined) add(alone);
  };
  const visit = (element: PageElement) => {
    const tag = element.tagName.toUpperCase();
    if (ENTRY_QUESTION.has(tag)) {
      const text = inline(element.textContent ?? '');
      if (text !== '' && (tag === 'SUMMARY' || ENDS_AS_QUESTION.test(text))) {
        flushTerm();
        path = [...path.filter((entry) => entry.level < QUESTION_LEVEL), { level: QUESTION_LEVEL, text }];
        current = undefined;
        return;
      }
      if (tag === 'DT') {
        // Several terms of one description ("C-n", "DOWN") are one term; a term that is a whole entry ("Mixed
        // style: Files and directories are listed together.", Lynx's help, no <dd>) is a paragraph of its own.
        const named = headingText(element);
        if (named === '') return;
        if (term !== undefined && (isEntry(term) || isEntry(named))) flushTerm();
        term = term === undefined ? named : `${term}, ${named}`;
        return;
      }
    }
    const titled = tag === 'UL' || tag === 'OL' ? titledItems(element) : null;
    if (ENTRY_LIST.has(tag) || titled) {
      const outer = path;
      if (titled) {
        for (const { item, title } of titled) {
          title.remove();
          path = [...path.filter((entry) => entry.level < QUESTION_LEVEL), { level: QUESTION_LEVEL, text: inline(title.textContent ?? '') }];
          current = undefined;
          visitBlocks(item);
        }
      } else visitBlocks(element);
      flushTerm();
      // What follows the list of entries is under the page's headings again, not the last entry's question.
      if (path !== outer && path.at(-1)?.level === QUESTION_LEVEL) {
        path = path.slice(0, -1);
        current = undefined;
      }
      return;
    }
    const heading = HEADING.exec(tag);
    if (heading) {
      const text = headingText(element);
      if (text === '') return;
      flushTerm();
      const level = Number(heading[1]);
      // The content's own first heading (an h1, or the title's start) replaces the title at the root.
      if (sections.length === 0 && path.length === 1 && path[0]?.level === 0 && (level === 1 || title.toLowerCase().startsWith(text.toLowerCase()))) path = [];
      path = [...path.filter((entry) => entry.level < level), { level, text }];
      current = undefined;
      return;
    }
    if (tag === 'PRE') return add((element.textContent ?? '').replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, ''), 'code');
    if (tag === 'TABLE') {
      const outer = tableHeader;
      tableHeader = undefined;
      visitBlocks(element);
      tableHeader = outer;
      return;
    }
    if (tag === 'TR') {
      const cellElements = Array.from(element.children);
      const all = cellElements.map((cell) => inline(cell.textContent ?? ''));
      const cells = all.filter((cell) => cell !== '');
      // A row of column names (<th> each) names the cells of the rows under it: "Zone: Nordics; Days: 4".
      if (tableHeader === undefined && cellElements.length >= 2 && cellElements.every((cell) => cell.tagName.toUpperCase() === 'TH') && cells.length === all.length) {
        tableHeader = all;
        return add(cells.join(' | '));
      }
      const header = tableHeader;
      if (header && all.length === header.length && cells.length > 0) {
        return add(all.flatMap((cell, column) => (cell === '' ? [] : [`${header[column]}: ${cell}`])).join('; '));
      }
      return add(cells.join(' | '));
    }
    const hasBlocks = Array.from(element.children).some((child) => BLOCKS.has(child.tagName.toUpperCase()));
    if (!hasBlocks && TEXT_BLOCKS.has(tag)) {
      const text = inline(element.textContent ?? '');
      return add(tag === 'LI' && text !== '' ? `• ${text}` : text);
    }
    visitBlocks(element);
  };
  // A block holding blocks: its own loose text (between them) is a paragraph, then each block in order.
  const visitBlocks = (element: PageElement) => {
    let loose = '';
    const flush = () => {
      add(inline(loose));
      loose = '';
    };
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === 3) loose += node.textContent ?? '';
      else if (node.nodeType === 1) {
        const child = node as PageElement; // nodeType 1: an element
        if (BLOCKS.has(child.tagName.toUpperCase())) {
          flush();
          visit(child);
        } else loose += child.textContent ?? '';
      }
    }
    flush();
  };
  visit(content);
  flushTerm();
  return sections;
}
