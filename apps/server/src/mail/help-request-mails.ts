import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-message.ts';

/** The visitor's question as a subject line: its first line, cut at a word near 60 characters. */
function subjectOf(question: string): string {
  const line = question.trim().split(/\r?\n/)[0]?.trim() ?? '';
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trimEnd()}…`;
}

/**
 * Staff's reply to a visitor's help request: the reply, then what the visitor had asked, quoted. It comes from the
 * team (`teamName`, Bot Settings' Mail to visitors) and answers go to `replyTo`, never from "Steward".
 */
export function helpRequestReplyMail(input: {
  to: string;
  name: string;
  reply: string;
  question: string;
  staffName: string;
  teamName: string;
  from: { name: string; address: string };
  replyTo: string;
}): MailMessage {
  const paragraphs = [`Hello ${input.name},`, ...input.reply.split(/\n{2,}/), `${input.staffName}, ${input.teamName}`];
  const quoted = `You wrote: ${input.question}`;
  const text = [...paragraphs, '---', quoted].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p style="white-space: pre-wrap">${escapeHtml(paragraph)}</p>`),
    `<hr>\n<blockquote style="white-space: pre-wrap">${escapeHtml(quoted)}</blockquote>`,
  ].join('\n');
  const subject = subjectOf(input.question);
  return {
    to: input.to,
    from: input.from,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: subject ? `Re: ${subject}` : `Re: your question to ${input.teamName}`,
    text,
    html: `<!doctype html>\n<html><body>\n${html}\n</body></html>`,
  };
}
