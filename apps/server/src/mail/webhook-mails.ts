import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-message.ts';

/** To each administrator: a webhook endpoint was disabled (failing for a day, or its receiver answered 410 Gone). */
export function webhookEndpointDisabledMail(input: { to: string; name: string; assistantName: string; link: string; url: string; reason: string; lastError: string }): MailMessage {
  const paragraphs = [
    `Hello ${input.name},`,
    `${input.assistantName}'s dashboard disabled the webhook endpoint ${input.url}. Its events are no longer sent.`,
    input.reason,
    `The last answer: ${input.lastError}`,
    'Once the receiver works again, enable the endpoint on the Integrations screen and redeliver the events it missed.',
  ];
  const text = [...paragraphs, `Integrations: ${input.link}`].join('\n\n');
  const html = [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), `<p><a href="${escapeHtml(input.link)}">Open Integrations</a></p>`].join('\n');
  return { to: input.to, subject: `${input.assistantName}: a webhook endpoint was disabled`, text, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>` };
}
