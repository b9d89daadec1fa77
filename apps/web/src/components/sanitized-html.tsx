import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { ANSWER_HTML_ATTRIBUTES, ANSWER_HTML_TAGS, ANSWER_LINK_REL, isAnswerImageSource, isAnswerLink } from '@steward/contract/answer-html';

/**
 * Our own DOMPurify instance, so its hooks touch nothing else, with the contract's strict allow-list for the bot's
 * answers (answer-html.ts, issue 52): the same as the server's when the chatbot sends them, applied again here for
 * rows stored before it. No class, style or id (a class drew a full-screen fake sign-in box), no form, no image of
 * the dashboard's own address (an `<img src="/api/logout">` signed out whoever opened the conversation).
 */
const purifier = DOMPurify(window);
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed: readonly string[] = ANSWER_HTML_ATTRIBUTES[node.tagName.toLowerCase() as (typeof ANSWER_HTML_TAGS)[number]] ?? [];
  if (!allowed.includes(data.attrName)) data.keepAttr = false;
});
/**
 * A link kept only to another site (rel and target ours, never the answer's); an image shown only from another site
 * over https, else a link to it (another site's, over http) or its words.
 */
function applyAddressRules(body: HTMLElement, ownOrigin: string): void {
  for (const link of [...body.querySelectorAll('a')]) {
    const href = (link.getAttribute('href') ?? '').trim();
    for (const name of ['href', 'rel', 'target']) link.removeAttribute(name);
    if (isAnswerLink(href, ownOrigin)) setLink(link, href);
  }
  for (const image of [...body.querySelectorAll('img')]) {
    const src = (image.getAttribute('src') ?? '').trim();
    const alt = image.getAttribute('alt') ?? '';
    if (isAnswerImageSource(src, ownOrigin)) continue;
    if (isAnswerLink(src, ownOrigin)) {
      const link = document.createElement('a');
      setLink(link, src);
      link.textContent = alt || src;
      image.replaceWith(link);
    } else {
      image.replaceWith(document.createTextNode(alt));
    }
  }
}

function setLink(link: HTMLAnchorElement, href: string): void {
  link.setAttribute('href', href);
  link.setAttribute('rel', ANSWER_LINK_REL);
  link.setAttribute('target', '_blank');
}

/** HTML written by the chatbot (which read untrusted documents), made safe to show on the dashboard at `ownOrigin`. */
export function sanitizeBotHtml(html: string, ownOrigin: string = window.location.origin): string {
  const body = purifier.sanitize(html, {
    ALLOWED_TAGS: [...ANSWER_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(ANSWER_HTML_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM: true,
  });
  // DOMPurify answers the document's body (typed as a Node).
  if (!(body instanceof HTMLElement)) return '';
  applyAddressRules(body, ownOrigin);
  return body.innerHTML;
}

/** Renders the bot's HTML answer only after sanitising it. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeBotHtml(html), [html]);
  return <div className={className ?? 'bot-html'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
