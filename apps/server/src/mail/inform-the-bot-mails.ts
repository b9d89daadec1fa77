import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-message.ts';

/** To another approver: a new Inform-the-Bot item waits for them, since its author may not approve it. */
export function approvalRequestMail(input: {
  to: string;
  name: string;
  assistantName: string;
  link: string;
  authorName: string;
  /** A correction's question, when it is one. */
  question: string | null;
  excerpt: string;
}): MailMessage {
  const paragraphs = [
    `Hello ${input.name},`,
    `${input.authorName} added ${input.question === null ? 'information' : 'a correction'} for ${input.assistantName}. The bot uses it once someone other than its author approves it.`,
    ...(input.question === null ? [] : [`Question: ${input.question}`]),
    `"${input.excerpt}"`,
  ];
  const text = [...paragraphs, `Review it: ${input.link}`].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">Review it</a></p>`,
  ].join('\n');
  return { to: input.to, subject: `${input.assistantName}: new information waits for your approval`, text, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>` };
}
