import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-message.ts';

/** Staff's reply to a visitor's help request: the reply, then what the visitor had asked, quoted. */
export function helpRequestReplyMail(input: { to: string; name: string; assistantName: string; reply: string; question: string; staffName: string }): MailMessage {
  const paragraphs = [`Hello ${input.name},`, ...input.reply.split(/\n{2,}/), `${input.staffName}, ${input.assistantName} support`];
  const quoted = `You wrote: ${input.question}`;
  const text = [...paragraphs, '---', quoted].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p style="white-space: pre-wrap">${escapeHtml(paragraph)}</p>`),
    `<hr>\n<blockquote style="white-space: pre-wrap">${escapeHtml(quoted)}</blockquote>`,
  ].join('\n');
  return { to: input.to, subject: `Re: your question to ${input.assistantName}`, text, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>` };
}
