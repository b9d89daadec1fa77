import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import { reportWeekBefore } from './report-week.ts';
import type { WeeklyReportFacts } from './weekly-report-facts.ts';
import { weeklyReportMail, type WeeklyReportReader } from './weekly-report-mail.ts';

const facts: WeeklyReportFacts = {
  week: reportWeekBefore(new Date('2026-11-30T00:30:00Z')),
  thisWeek: { sessions: 12, questions: 40, satisfaction: 75 },
  weekBefore: { sessions: 8, questions: 31, satisfaction: 70 },
  gaps: [
    { question: 'Do you ship to <Mars> & "beyond"?', count: 3 },
    { question: 'Opening hours on Sunday', count: 1 },
  ],
  pendingHelpRequests: 4,
  correctionsAwaitingApproval: 1,
  failedSources: { names: ['Price list <2026>', 'https://docs.example.com/'], total: 7 },
};
const links = {
  dashboard: 'https://steward.example.com',
  unsubscribePage: 'https://steward.example.com/weekly-report/unsubscribe/5.abc',
  unsubscribeOneClick: 'https://steward.example.com/api/weekly-report/unsubscribe/5.abc',
};
const reader = (role: 'admin' | 'viewer', capabilities = DEFAULT_ROLE_CAPABILITIES[role]): WeeklyReportReader => ({ id: 5, role, capabilities, name: 'Ada <Admin>', email: 'ada@example.com' });
const mailFor = (member: WeeklyReportReader, of: WeeklyReportFacts = facts) => weeklyReportMail({ facts: of, reader: member, assistantName: 'Acme Bot', links });

describe("the weekly report's mail", () => {
  it('says the week, its numbers and their trend, in the text part and the HTML part', () => {
    const mail = mailFor(reader('admin'));
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Acme Bot weekly report: 23 – 29 November 2026');
    for (const line of [
      "Here is the Acme Bot Owner Dashboard's week of 23 – 29 November 2026 (UTC).",
      'Sessions: 12 (8 the week before).',
      'Questions: 40 (31 the week before).',
      'Satisfaction: 75% of ratings were thumbs up (up 5 points from 70% the week before).',
      '4 help requests are still pending.',
      '1 correction is waiting for approval.',
      '7 sources failed to be read:',
      'and 5 more.',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain('“Do you ship to <Mars> & "beyond"?”: asked 3 times.');
    expect(mail.text).toContain('“Opening hours on Sunday”: asked 1 time.');
    expect(mail.text).toContain('Open Help Requests: https://steward.example.com/help-requests');
    expect(mail.text).toContain('Unsubscribe: https://steward.example.com/weekly-report/unsubscribe/5.abc');
    expect(mail.html).toContain('<li>Satisfaction: 75% of ratings were thumbs up (up 5 points from 70% the week before).</li>');
    expect(mail.html).toContain('<a href="https://steward.example.com/inform-the-bot" style="color:#066fd1">Open Inform the Bot</a>');
    expect(mail.html).toContain('<a href="https://steward.example.com/weekly-report/unsubscribe/5.abc" style="color:#066fd1">Unsubscribe</a>');
  });

  it('escapes every value in the HTML part: the visitors\' questions, names and titles', () => {
    const mail = mailFor(reader('admin'));
    expect(mail.html).toContain('“Do you ship to &lt;Mars&gt; &amp; &quot;beyond&quot;?”: asked 3 times.');
    expect(mail.html).toContain('Hello Ada &lt;Admin&gt;,');
    expect(mail.html).toContain('<li>Price list &lt;2026&gt;</li>');
    expect(mail.html).not.toContain('<Mars>');
    expect(mail.html).not.toContain('<Admin>');
  });

  it('carries the one-click unsubscribe headers of RFC 8058', () => {
    expect(mailFor(reader('viewer')).headers).toEqual({
      'List-Unsubscribe': '<https://steward.example.com/api/weekly-report/unsubscribe/5.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('shows only what the reader may see on the dashboard: no corrections or sources without their capabilities', () => {
    const full = mailFor(reader('admin'));
    const bare = mailFor(reader('viewer', []));
    expect(full.text).toContain('Corrections');
    expect(full.text).toContain('Sources that failed');
    expect(bare.text).not.toContain('Corrections');
    expect(bare.text).not.toContain('Sources that failed');
    expect(bare.text).toContain('Top coverage gaps');
    expect(bare.text).toContain('4 help requests are still pending.');
  });

  it('says so when a week had no ratings, no gaps and no failures, and a fall in satisfaction', () => {
    const quiet = mailFor(reader('admin'), {
      ...facts,
      thisWeek: { sessions: 0, questions: 0, satisfaction: null },
      gaps: [],
      failedSources: { names: [], total: 0 },
    });
    expect(quiet.text).toContain('Satisfaction: no ratings this week.');
    expect(quiet.text).toContain('No questions went unanswered this week.');
    expect(quiet.text).toContain('Every document and website was read.');
    const worse = mailFor(reader('admin'), { ...facts, weekBefore: { ...facts.weekBefore, satisfaction: 90 } });
    expect(worse.text).toContain('(down 15 points from 90% the week before)');
    const fresh = mailFor(reader('admin'), { ...facts, weekBefore: { ...facts.weekBefore, satisfaction: null } });
    expect(fresh.text).toContain('(no ratings the week before)');
  });
});
