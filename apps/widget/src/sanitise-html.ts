/**
 * The answer's HTML is sanitised by the server; the widget sanitises it again before it touches the page,
 * so a compromised or misconfigured server still cannot run script on the host site. An allow-list:
 * the HTML is parsed into an inert document (DOMParser runs no script and loads nothing), and a new
 * fragment is built from the allowed elements only, with no attributes but a link's safe href.
 */

/** Elements copied as they are (without attributes). */
const KEPT = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'UL', 'OL', 'LI', 'CODE', 'PRE', 'BLOCKQUOTE', 'HR', 'SPAN', 'DIV', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'SUB', 'SUP', 'CITE']);
/** Headings would break the host page's outline: they become a bold paragraph. */
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Dropped with everything inside them; any other element is replaced by its content. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'NOSCRIPT', 'SVG', 'MATH', 'TEXTAREA', 'SELECT', 'BUTTON', 'INPUT', 'FORM', 'TITLE', 'HEAD', 'META', 'LINK', 'BASE', 'AUDIO', 'VIDEO', 'CANVAS', 'IMG', 'PICTURE', 'SOURCE']);
const SAFE_LINK = /^(https?:|mailto:)/i;

/** An http(s) URL (or mailto:) as written, or undefined for anything else: javascript:, data:, relative. */
export function safeLinkHref(href: string | null | undefined): string | undefined {
  const value = href?.trim();
  if (!value || !SAFE_LINK.test(value)) return undefined;
  try {
    return new URL(value).href;
  } catch {
    return undefined;
  }
}

/** Builds a clean fragment of `target`'s document from untrusted HTML. */
export function sanitiseHtml(html: string, target: Document = document): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = target.createDocumentFragment();
  copyChildren(parsed.body, fragment, target);
  return fragment;
}

function copyChildren(from: Node, to: Node, target: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(target.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, to, target);
    }
  }
}

function copyElement(element: Element, to: Node, target: Document): void {
  const tag = element.tagName.toUpperCase();
  if (DROPPED.has(tag)) return;
  let copy: Element | undefined;
  if (KEPT.has(tag)) {
    copy = target.createElement(tag.toLowerCase());
  } else if (HEADINGS.has(tag)) {
    const paragraph = target.createElement('p');
    copy = paragraph.appendChild(target.createElement('strong'));
    to.appendChild(paragraph);
    copyChildren(element, copy, target);
    return;
  } else if (tag === 'A') {
    const href = safeLinkHref(element.getAttribute('href'));
    copy = target.createElement(href ? 'a' : 'span');
    if (href) {
      copy.setAttribute('href', href);
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
  }
  if (!copy) {
    copyChildren(element, to, target);
    return;
  }
  copyChildren(element, copy, target);
  to.appendChild(copy);
}
