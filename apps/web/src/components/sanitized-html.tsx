import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { isHttpUrl } from '../lib/safe-url.ts';

/**
 * Our own DOMPurify instance, so its link hook touches nothing else. HTML only (no SVG
 * or MathML), no styles or form controls: the bot's answer is text with markup.
 */
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href !== null && !isHttpUrl(href) && !href.startsWith('mailto:')) node.removeAttribute('href');
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** HTML written by the chatbot (which read untrusted documents), made safe to show. */
export function sanitizeBotHtml(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
    FORBID_ATTR: ['style'],
  });
}

/** Renders the bot's HTML answer only after sanitising it. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeBotHtml(html), [html]);
  return <div className={className ?? 'bot-html'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
