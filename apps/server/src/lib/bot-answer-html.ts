import sanitizeHtml from 'sanitize-html';
import { ANSWER_HTML_ATTRIBUTES, ANSWER_HTML_TAGS, ANSWER_LINK_REL, isAnswerImageSource, isAnswerLink } from '@steward/contract/answer-html';

/**
 * The chatbot's answer HTML (`api_response`, POST /api/bot/messages) as stored: the contract's strict allow-list
 * (answer-html.ts, issue 52), so what staff open holds no class, style, id, form or image of the dashboard's own
 * API. The dashboard sanitises again with the same list when it renders (rows stored before this, too).
 * `ownOrigin` is the dashboard's (PUBLIC_URL's).
 */
export function sanitizeBotAnswerHtml(html: string, ownOrigin: string): string {
  const link = (href: string) => ({ href, rel: ANSWER_LINK_REL, target: '_blank' });
  return sanitizeHtml(html, {
    allowedTags: [...ANSWER_HTML_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(ANSWER_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attributes) => ({ tagName, attribs: attributes.href !== undefined && isAnswerLink(attributes.href, ownOrigin) ? link(attributes.href.trim()) : {} }),
      // An image of another site over https stays; one over plain http becomes a link to it; any other, its words.
      img: (_tagName, attributes): sanitizeHtml.Tag => {
        const src = (attributes.src ?? '').trim();
        const alt = attributes.alt ?? '';
        if (isAnswerImageSource(src, ownOrigin)) return { tagName: 'img', attribs: { src, alt } };
        if (isAnswerLink(src, ownOrigin)) return { tagName: 'a', attribs: link(src), text: alt || src };
        return { tagName: 'span', attribs: {}, text: alt };
      },
    },
  });
}
