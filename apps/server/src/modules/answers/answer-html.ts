import sanitizeHtml from 'sanitize-html';

/**
 * What an answer's HTML may hold, whoever wrote it (the LLM, a staff correction, quoted passages):
 * text structure, citations and http(s) links that open in a new tab. Everything else is dropped,
 * scripts and event handlers with their content. The dashboard sanitises again when it renders.
 */
const ANSWER_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'blockquote', 'a', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'pre', 'br', 'cite', 'sup'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};

export const sanitizeAnswerHtml = (html: string): string => sanitizeHtml(html, ANSWER_HTML);

/** Text as HTML text: the five characters that could open markup are escaped. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Plain text as paragraphs: a blank line starts a new one, a single line break stays a <br>. */
export function textToParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
