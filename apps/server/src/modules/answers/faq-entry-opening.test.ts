import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { joinedChunks } from '../knowledge/section-opening.ts';
import { retrievePassages } from './answer-rule.ts';

// A FAQ entry longer than one chunk, as dnsmasq's FAQ has them (its question, an answer full of addresses and
// flags, an addendum): the chunk the search finds starts inside the answer. Two entries under the same title, as
// sudo's troubleshooting FAQ titles several "… when I try to run it I get:", are two sections all the same.
const LONG_ENTRY = [
  'Q: My laptop has a wired card and a wireless card, and I only use one at a time. How can it get the same address from either?',
  '',
  'A: By default a machine is known by the MAC address of the card it asks from (52:54:00:12:34:56 for the wired card, 52:54:00:ab:cd:ef for the wireless one), so each card gets a lease of its own.',
  'The lease of one card (192.168.0.50, say) is tied to that card until it expires at 23:59:59 on its last day.',
  'The way round this is a client-id: send the same one (01:02:03:04:05:06, say) from both cards, with dhcpcd -I 01:02:03:04:05:06 on Linux or the DhcpClientIdentifier value under HKLM\\SYSTEM\\CurrentControlSet\\Services\\Tcpip\\Parameters\\Interfaces on Windows.',
  'The setting is documented at http://example.com/kb/dhcp/client-id-setting.htm and at http://example.com/kb/dhcp/client-id-registry.htm for each release.',
  '',
  'Addendum: Zebrafold 2.46 and later need no client-id. Put both MAC addresses on one dhcp-host line, dhcp-host=52:54:00:12:34:56,52:54:00:ab:cd:ef,192.168.0.50, and the second card takes over the first one’s lease (it works while only one card is up at a time).',
  '',
  'Addendum-II: Older notes on client ids for Windows 95 (HKLM\\System\\CurrentControlSet\\Services\\VxD\\DHCP\\DhcpInfo00), Windows NT 4.0 (HKLM\\SYSTEM\\CurrentControlSet\\Services\\DHCP\\Parameters\\Options\\61), OS/2 (C:\\MPTN\\ETC\\DHCPCD.CFG) and NetWare 5.1 (SYS:ETC\\DHCP\\CLIENT.CFG) are kept at http://example.com/kb/dhcp/old/index.htm, http://example.com/kb/dhcp/old/win95.htm, http://example.com/kb/dhcp/old/nt4.htm and http://example.com/kb/dhcp/old/os2.htm.',
].join('\n');

const SAME_TITLES = [
  '#### Zebrafold starts but when I try to run it I get:',
  '',
  '    zebrafold: the "no new privileges" flag is set',
  '',
  'The flag is set by the container Zebrafold runs in: turn it off in the container’s settings.',
  '',
  '#### Zebrafold starts but when I try to run it I get:',
  '',
  '    zebrafold: /usr/local/bin/zebrafold must be owned by uid 0',
  '',
  'Install it again as root with make install, so that it is owned by root and has the setuid bit set.',
].join('\n');

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  const { client: admin } = await testApp.signedInClient('admin');
  await addDocument(admin, { name: 'zebrafold-faq.txt', bytes: `Zebrafold FAQ\n\n${LONG_ENTRY}\n`, title: 'Zebrafold FAQ', sourceUrl: 'https://docs.example.com/faq' });
  await addDocument(admin, { name: 'zebrafold-troubleshooting.txt', bytes: SAME_TITLES, title: 'Zebrafold troubleshooting', sourceUrl: 'https://docs.example.com/troubleshooting' });
  await runAllJobs(testApp);
}, scaled(120_000));
afterAll(() => testApp.close());

const unescape = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
const passagesFor = async (question: string) => (await retrievePassages(testApp.db, testApp.context.knowledge, testApp.app.log, question)).passages;
const headingsOf = async (title: string) =>
  sqlRows<{ chunk_index: number; heading: string | null; starts_section: boolean | null }>(
    testApp.db,
    sql`SELECT c.chunk_index, c.heading, c.starts_section FROM knowledge_chunks c JOIN documents d ON d.id = c.document_id WHERE d.title = ${title} ORDER BY c.chunk_index`,
  );

describe('a FAQ entry longer than one chunk', () => {
  it('is cut into chunks that say where its section starts', async () => {
    const entry = (await headingsOf('Zebrafold FAQ')).filter((row) => row.heading?.startsWith('My laptop'));
    // The addendum's chunk repeats nothing of the one before: its last sentence is longer than the overlap's bound.
    expect(entry.map((row) => row.starts_section)).toEqual([true, false]);
    expect((await headingsOf('Zebrafold troubleshooting')).map((row) => [row.heading, row.starts_section])).toEqual([
      ['Zebrafold starts but when I try to run it I get:', true],
      ['Zebrafold starts but when I try to run it I get:', true],
    ]);
  });

  it('is quoted from its start when the chunk found starts inside it (fails before: the answer began at the addendum)', async () => {
    const question = 'Can I list both MAC addresses of my laptop on one dhcp-host line so it keeps one address?';
    const [passage] = await passagesFor(question);
    expect(passage?.text).toMatch(/^Q: My laptop has a wired card[\s\S]*A: By default a machine is known[\s\S]*\n\nAddendum: Zebrafold 2\.46/);
    expect(passage?.text.match(/Addendum: /g)).toHaveLength(1);
    const answer = unescape(String(firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: question }, origin: null })).answer));
    expect(answer).toMatch(/^<p>By default a machine is known by the MAC address/);
    expect(answer).toContain('dhcp-host=52:54:00:12:34:56,52:54:00:ab:cd:ef,192.168.0.50');
  });

  it('never takes in another entry under the same title', async () => {
    const [passage] = await passagesFor('Zebrafold says /usr/local/bin/zebrafold must be owned by uid 0. How do I fix it?');
    expect(passage?.text).toContain('must be owned by uid 0');
    expect(passage?.text).not.toContain('no new privileges');
  });

  it('of chunks stored before their sections were known, is joined only where a chunk repeats the end of the one before', async () => {
    expect(joinedChunks('A first. A second. A third.', 'A third. A fourth.', false)).toBe('A first. A second. A third. A fourth.');
    expect(joinedChunks('A first. A second.', 'A fourth.', false)).toBeNull();
    expect(joinedChunks('A first. A second.', 'A fourth.', true)).toBe('A first. A second.\n\nA fourth.');
    const kept = await sqlRows<{ id: string; starts_section: boolean | null }>(testApp.db, sql`SELECT id, starts_section FROM knowledge_chunks`);
    await testApp.db.execute(sql`UPDATE knowledge_chunks SET starts_section = NULL`);
    try {
      const [passage] = await passagesFor('Can I list both MAC addresses of my laptop on one dhcp-host line so it keeps one address?');
      expect(passage?.text).toMatch(/^Addendum: Zebrafold 2\.46/);
      const [other] = await passagesFor('Zebrafold says /usr/local/bin/zebrafold must be owned by uid 0. How do I fix it?');
      expect(other?.text).not.toContain('no new privileges');
    } finally {
      for (const row of kept) await testApp.db.execute(sql`UPDATE knowledge_chunks SET starts_section = ${row.starts_section} WHERE id = ${row.id}`);
    }
  });
});
