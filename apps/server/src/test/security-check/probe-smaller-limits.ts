import { buildTestPdf } from '../test-pdfs.ts';
import { botPost, call, DASHBOARD_FETCH, login, probe, residentBytes, sessionCookieOf } from './probe-calls.ts';
import { DEMO_VIEWER, type ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** Replies to help requests (each one a mail to a visitor) are rate-limited per staff member (issue 52). */
export async function probeReplyRateLimit(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const viewer = sessionCookieOf(await login(target, DEMO_VIEWER, '198.51.100.80'));
  const helpRequest = await botPost(target, '/api/bot/help-requests', { name: 'Rita Replyprobe', email: `rita-${Date.now()}@example.com`, message: 'Please write back.' });
  let refusedAt: number | undefined;
  for (let reply = 1; reply <= 120 && refusedAt === undefined; reply += 1) {
    const answer = await call(target, 'POST', `/api/help-requests/${String(helpRequest.id)}/reply`, { body: { message: `Reply ${reply}` }, cookie: viewer ?? null });
    if (answer.status === 429) refusedAt = reply;
    else if (answer.status !== 200) return probe('probe: reply rate limit', started, [`reply ${reply} answered ${answer.status}`], [`a reply answered ${answer.status}: ${answer.body.error?.message ?? ''}`]);
  }
  const tried = [`one staff member replied to one help request until refused: ${refusedAt === undefined ? '120 replies (120 mails) all sent' : `429 at reply ${refusedAt}`}`];
  return probe('probe: reply rate limit', started, tried, refusedAt === undefined ? ['a staff member may send a visitor unlimited reply mails'] : []);
}

/** Strangers asking reset mails for an account from many addresses do not use up the owner's (issue 52). */
export async function probeResetMailBudget(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const statuses: number[] = [];
  for (let address = 0; address < 10; address += 1) {
    for (let ask = 0; ask < 3; ask += 1) {
      const answer = await call(target, 'POST', '/api/send-password-reset-email', { body: { email: DEMO_VIEWER.email }, headers: { 'x-forwarded-for': `203.0.113.${100 + address}` }, cookie: null });
      statuses.push(answer.status);
    }
  }
  const owner = await call(target, 'POST', '/api/send-password-reset-email', { body: { email: DEMO_VIEWER.email }, headers: { 'x-forwarded-for': '198.51.100.81' }, cookie: null });
  const tried = [
    `30 reset mails for the viewer asked by strangers from 10 addresses (3 each): ${statuses.filter((status) => status === 200).length} accepted, ${statuses.filter((status) => status === 429).length} refused`,
    `then the owner from an address of their own, without a device cookie: ${owner.status}`,
  ];
  const findings = owner.status === 200 ? [] : [`strangers used up the owner's reset mails: the owner's own request answered ${owner.status} ${owner.body.error?.message ?? ''}`];
  return probe('probe: reset-mail budget', started, tried, findings);
}

/** POST /api/register-files with one file_id twice is a bad request (400), not a server error (issue 52). */
export async function probeRegisterFilesDuplicate(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const form = new FormData();
  form.append('filesData', JSON.stringify([{ title: 'Twice', source_url: 'https://shop.example.com/twice.pdf' }]));
  form.append('files', new Blob([new Uint8Array(buildTestPdf(['A document registered twice in one call.']))], { type: 'application/pdf' }), 'twice.pdf');
  const uploaded = await fetch(`${target.url}/api/upload-files`, { method: 'POST', headers: { cookie: target.cookie }, body: form });
  const row = ((await uploaded.json()) as { data?: { rows?: Record<string, unknown>[] } }).data?.rows?.[0];
  if (!uploaded.ok || !row) return { tool: 'probe: register-files with a repeated file_id', outcome: 'failed', summary: `upload-files answered ${uploaded.status}`, tried: [], findings: [] };
  const answer = await call(target, 'POST', '/api/register-files', { body: { filesData: [row, row] } });
  const tried = [`uploaded one PDF, then registered it twice in one call: ${answer.status} ${answer.body.error?.message ?? ''}`];
  return probe('probe: register-files with a repeated file_id', started, tried, answer.status === 400 ? [] : [`a repeated file_id answered ${answer.status}, not 400`]);
}

/** The bench's bound on an export's memory (bench/src/targets.ts, export-memory; this probe samples the RSS, a stricter reading). */
const EXPORT_RSS_BOUND = 100e6;

/**
 * An export of large answers stays within the bench's memory bound (issue 52): exports are read in batches bounded
 * by bytes as well as rows. 150 answers of 200,000 characters (600 kB each in UTF-8, 90 MB together) are exported
 * as CSV while the server's RSS is sampled; then the probe's chat sessions are erased again, so the scanners after it
 * read lists of ordinary size.
 */
export async function probeExportMemory(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const stamp = Date.now();
  const origin = `https://large-answers-${stamp}.example`;
  const answer = `<p>${'€'.repeat(999)} `.repeat(200).slice(0, 199_990);
  const sessions = Array.from({ length: 10 }, (_, index) => `export-memory-probe-${stamp}-${index}`);
  for (let index = 0; index < 150; index += 1) {
    await botPost(target, '/api/bot/messages', { session_id: sessions[index % sessions.length], user_message: `Large answer ${index}`, api_response: answer, origin: `${origin}/page` });
  }
  const path = `/api/export/history?format=csv&origin=${encodeURIComponent(origin)}`;
  // A first export of nothing loads the code an export runs; then the memory before the large one.
  await call(target, 'GET', `/api/export/history?format=csv&origin=${encodeURIComponent('https://nothing.example')}`, { headers: DASHBOARD_FETCH });
  const before = residentBytes(target.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(target.pid))), 100);
  let bytes = 0;
  let response: Response | undefined;
  try {
    response = await fetch(`${target.url}${path}`, { headers: { cookie: target.cookie, ...DASHBOARD_FETCH } });
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.byteLength;
    }
  } finally {
    clearInterval(sampler);
  }
  const status = response?.status ?? 0;
  const mb = (value: number) => `${(value / 1e6).toFixed(1)} MB`;
  tried.push(`sent 150 answers of 200,000 characters (90 MB in UTF-8); exported them as CSV: ${status}, ${mb(bytes)}; the server's RSS ${mb(before)} before, at most ${mb(peak)} while exporting`);
  if (status !== 200 || bytes < 80e6) findings.push(`the export answered ${status} with ${mb(bytes)}`);
  if (peak - before > EXPORT_RSS_BOUND) findings.push(`the server's RSS rose by ${mb(peak - before)} while exporting (bound ${mb(EXPORT_RSS_BOUND)}): the export read too much at once`);
  for (const sessionId of sessions) await call(target, 'POST', '/api/personal-data/erase', { body: { kind: 'sessionId', value: sessionId } });
  return probe('probe: export of large answers in bounded memory', started, tried, findings);
}
