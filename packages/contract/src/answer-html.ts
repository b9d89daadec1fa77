/**
 * What the bot's answer HTML (`api_response`) may hold (issue 52), wherever it is sanitised: by the server when the
 * chatbot sends it (sanitize-html, apps/server/src/lib/bot-answer-html.ts) and by the dashboard when staff open it
 * (DOMPurify, apps/web/src/components/sanitized-html.tsx). Both read this allow-list, and both are tested with the
 * same hostile samples (answer-html-samples.ts).
 *
 * Text structure, links and images only. No class, style or id: a kept class drew a full-screen fake sign-in box
 * with the dashboard's own CSS, and an id can shadow the page's. No form or control. An image is shown only from an
 * absolute https address of another origin: an `<img src="/api/logout">` makes the browser call the dashboard's API
 * as whoever opens the answer. Any other image with an http(s) address of another origin is shown as a link to it.
 */
export const ANSWER_HTML_TAGS = [
  'p', 'br', 'hr', 'div', 'span',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'code', 'pre', 'blockquote', 'cite',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'a', 'img',
] as const;

/** The attributes each tag may keep (a link's rel and target are set by the sanitiser, never taken from the answer). */
export const ANSWER_HTML_ATTRIBUTES: Readonly<Partial<Record<(typeof ANSWER_HTML_TAGS)[number], readonly string[]>>> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
  ol: ['start'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** The rel every kept link gets: no window.opener, no referrer, no endorsement. */
export const ANSWER_LINK_REL = 'noopener noreferrer nofollow';

/**
 * The WHATWG URL parser of the runtime (Node and every browser have it). The contract is typed without the DOM's or
 * Node's declarations, so it names the little it reads.
 */
interface ParsedUrl {
  protocol: string;
  origin: string;
}
const WhatwgUrl = (globalThis as unknown as { URL: { canParse(address: string): boolean; new (address: string): ParsedUrl } }).URL;
const parsed = (address: string): ParsedUrl | undefined => (WhatwgUrl.canParse(address) ? new WhatwgUrl(address) : undefined);

/** An image the answer may show: an absolute https address of an origin other than the dashboard's (`ownOrigin`). */
export function isAnswerImageSource(src: string, ownOrigin: string): boolean {
  const url = parsed(src.trim());
  return url?.protocol === 'https:' && url.origin !== ownOrigin;
}

/** A link the answer may keep: an absolute http(s) address of an origin other than the dashboard's, or mailto:. */
export function isAnswerLink(href: string, ownOrigin: string): boolean {
  const url = parsed(href.trim());
  if (url?.protocol === 'mailto:') return true;
  return (url?.protocol === 'https:' || url?.protocol === 'http:') && url.origin !== ownOrigin;
}

/** The little of a DOM element the check below reads (the server tests use jsdom, the dashboard's tests the browser's DOM). */
export interface AnswerElement {
  tagName: string;
  getAttributeNames(): string[];
  getAttribute(name: string): string | null;
  readonly children: ArrayLike<AnswerElement>;
}

/** What in sanitised answer HTML breaks the allow-list: a tag or attribute outside it, an image or link it refuses. Empty when none. */
export function answerHtmlViolations(root: AnswerElement, ownOrigin: string): string[] {
  const violations: string[] = [];
  const visit = (element: AnswerElement): void => {
    const tag = element.tagName.toLowerCase() as (typeof ANSWER_HTML_TAGS)[number];
    if (!ANSWER_HTML_TAGS.includes(tag)) violations.push(`a <${tag}> element`);
    const allowed = ANSWER_HTML_ATTRIBUTES[tag] ?? [];
    for (const name of element.getAttributeNames()) if (!allowed.includes(name)) violations.push(`a ${name} attribute on <${tag}>`);
    const src = element.getAttribute('src');
    if (tag === 'img' && (src === null || !isAnswerImageSource(src, ownOrigin))) violations.push(`an image of ${JSON.stringify(src)}`);
    const href = element.getAttribute('href');
    if (tag === 'a' && href !== null && !isAnswerLink(href, ownOrigin)) violations.push(`a link to ${JSON.stringify(href)}`);
    if (tag === 'a' && href !== null && (element.getAttribute('rel') !== ANSWER_LINK_REL || element.getAttribute('target') !== '_blank')) {
      violations.push(`a link to ${JSON.stringify(href)} without rel="${ANSWER_LINK_REL}" target="_blank"`);
    }
    for (let index = 0; index < element.children.length; index += 1) {
      const child = element.children[index];
      if (child) visit(child);
    }
  };
  for (let index = 0; index < root.children.length; index += 1) {
    const child = root.children[index];
    if (child) visit(child);
  }
  return violations;
}
