import { canReadDocuments, canReadInformTheBot, canReadInsights, type StaffMember } from '@steward/contract/permissions';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import { weekDays } from './report-week.ts';
import type { WeekCounts, WeeklyReportFacts } from './weekly-report-facts.ts';

export interface WeeklyReportReader extends StaffMember {
  name: string;
  email: string;
}

export interface WeeklyReportLinks {
  /** PUBLIC_URL, without a trailing slash. */
  dashboard: string;
  /** The page that asks to confirm (a person's click). */
  unsubscribePage: string;
  /** The one-click POST of RFC 8058 (a mail reader's button). */
  unsubscribeOneClick: string;
}

/** One part of the mail: a heading, its lines, and where in the dashboard to look. */
interface Section {
  heading: string;
  lines: string[];
  link: { label: string; url: string };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function satisfactionLine(now: WeekCounts, before: WeekCounts): string {
  if (now.satisfaction === null) return 'Satisfaction: no ratings this week.';
  const trend =
    before.satisfaction === null
      ? 'no ratings the week before'
      : now.satisfaction === before.satisfaction
        ? `unchanged from the week before`
        : `${now.satisfaction > before.satisfaction ? 'up' : 'down'} ${Math.abs(now.satisfaction - before.satisfaction)} points from ${before.satisfaction}% the week before`;
  return `Satisfaction: ${now.satisfaction}% of ratings were thumbs up (${trend}).`;
}

/** The parts of the report this reader may see on the dashboard itself (the same permission rules as its screens). */
export function reportSections(facts: WeeklyReportFacts, reader: StaffMember, dashboard: string): Section[] {
  const { thisWeek, weekBefore } = facts;
  const sections: Section[] = [
    {
      heading: 'Conversations',
      lines: [
        `Sessions: ${thisWeek.sessions} (${weekBefore.sessions} the week before).`,
        `Questions: ${thisWeek.questions} (${weekBefore.questions} the week before).`,
        satisfactionLine(thisWeek, weekBefore),
      ],
      link: { label: 'Open the statistics', url: `${dashboard}/home` },
    },
  ];
  if (canReadInsights(reader)) {
    sections.push({
      heading: 'Top coverage gaps',
      lines:
        facts.gaps.length === 0
          ? ['No questions went unanswered this week.']
          : facts.gaps.map((gap) => `“${gap.question}”: asked ${plural(gap.count, 'time', 'times')}.`),
      link: { label: 'Open Insights', url: `${dashboard}/insights` },
    });
  }
  sections.push({
    heading: 'Help requests',
    lines: [`${plural(facts.pendingHelpRequests, 'help request is', 'help requests are')} still pending.`],
    link: { label: 'Open Help Requests', url: `${dashboard}/help-requests` },
  });
  if (canReadInformTheBot(reader)) {
    sections.push({
      heading: 'Corrections',
      lines: [`${plural(facts.correctionsAwaitingApproval, 'correction is', 'corrections are')} waiting for approval.`],
      link: { label: 'Open Inform the Bot', url: `${dashboard}/inform-the-bot` },
    });
  }
  if (canReadDocuments(reader)) {
    const { names, total } = facts.failedSources;
    const more = total - names.length;
    sections.push({
      heading: 'Sources that failed',
      lines:
        total === 0
          ? ['Every document and website was read.']
          : [`${plural(total, 'source', 'sources')} failed to be read:`, ...names.map((name) => `• ${name}`), ...(more > 0 ? [`and ${more} more.`] : [])],
      link: { label: 'Open Documents', url: `${dashboard}/documents` },
    });
  }
  return sections;
}

/**
 * The Monday mail: plain text and the same in HTML (every value escaped: questions are visitors' words), links into
 * the dashboard, and the unsubscribe link in the text and in the headers of RFC 2369 and RFC 8058.
 */
export function weeklyReportMail(input: { facts: WeeklyReportFacts; reader: WeeklyReportReader; assistantName: string; links: WeeklyReportLinks }): MailMessage {
  const { facts, reader, assistantName, links } = input;
  const days = weekDays(facts.week);
  const sections = reportSections(facts, reader, links.dashboard);
  const greeting = [`Hello ${reader.name},`, `Here is the ${assistantName} Owner Dashboard's week of ${days} (UTC).`];
  const footer = `You receive this mail because you asked for the weekly report on your account page.`;

  const text = [
    ...greeting,
    ...sections.map((section) => [section.heading, ...section.lines.map((line) => (line.startsWith('•') ? `  ${line}` : `- ${line}`)), `${section.link.label}: ${section.link.url}`].join('\n')),
    `${footer}\nUnsubscribe: ${links.unsubscribePage}`,
  ].join('\n\n');

  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:#066fd1">${escapeHtml(label)}</a>`;
  const sectionHtml = (section: Section) =>
    [
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2>`,
      `<ul style="margin:0;padding-left:20px">${section.lines.map((line) => `<li>${escapeHtml(line.replace(/^• /, ''))}</li>`).join('')}</ul>`,
      `<p style="margin:8px 0 0">${link(section.link.url, section.link.label)}</p>`,
    ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`${assistantName} weekly report`)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1d273b">',
    '<div style="max-width:600px;margin:0 auto;padding:16px">',
    ...greeting.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...sections.map(sectionHtml),
    `<p style="margin-top:32px;color:#667382;font-size:12px">${escapeHtml(footer)} ${link(links.unsubscribePage, 'Unsubscribe')}</p>`,
    '</div></body></html>',
  ].join('\n');

  return {
    to: reader.email,
    subject: `${assistantName} weekly report: ${days}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${links.unsubscribeOneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
