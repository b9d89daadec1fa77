/**
 * The security check's own probes (issues 38 and 52) against the built server: each class the outside probes found
 * open is tried again, and each probe reports what it tried and whether the door held. They run against a
 * server with the shipped limits (the scanners get one with the chat's limits raised). Issue 52's probes live in
 * probe-*.ts, one file per kind of door.
 */
import fs from 'node:fs';
import http from 'node:http';
import { newSecret } from '../../lib/secrets.ts';
import { buildInflateBombPdf, buildManyPagesPdf } from '../test-pdf-bombs.ts';
import { buildTestPdf } from '../test-pdfs.ts';
import { LOGIN_THROTTLE } from '../../modules/auth/login-throttle.ts';
import { HOSTILE_TEXTS, hostileAttempts, type OpenApiDocument, routesOfOpenApi } from '../security/openapi-routes.ts';
import { DEMO_ADMIN, DEMO_VIEWER, type ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';
import { type Answer, call, login, probe, residentBytes, sessionCookieOf } from './probe-calls.ts';
import { probeAnswerHtml } from './probe-answer-html.ts';
import { probeCsvExports } from './probe-csv-exports.ts';
import { probeDataDirModes } from './probe-data-dir.ts';
import { probeErasure, probeOutboxLogLines } from './probe-erasure.ts';
import { probeIntegrationKeys } from './probe-integration-keys.ts';
import { probeExportMemory, probeRegisterFilesDuplicate, probeReplyRateLimit, probeResetMailBudget } from './probe-smaller-limits.ts';

/** Uploads PDFs as the Documents screen does and waits until none is in progress. */
async function ingest(target: ScanTarget, files: { name: string; bytes: Buffer }[]): Promise<Record<string, unknown>[]> {
  const form = new FormData();
  form.append('filesData', JSON.stringify(files.map((file) => ({ title: file.name, source_url: `https://shop.example.com/${file.name}` }))));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  const uploaded = await fetch(`${target.url}/api/upload-files`, { method: 'POST', headers: { cookie: target.cookie }, body: form });
  const uploadedRows = ((await uploaded.json()) as Answer['body']).data?.rows;
  if (!uploaded.ok || !uploadedRows) throw new Error(`upload-files answered ${uploaded.status}`);
  const registered = await call(target, 'POST', '/api/register-files', { body: { filesData: uploadedRows } });
  const ids = new Set((registered.body.data?.rows ?? []).map((row) => Number(row.id)));
  if (ids.size !== files.length) throw new Error(`register-files answered ${registered.status}`);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const rows = ((await call(target, 'GET', '/api/documents/0')).body.data?.rows ?? []).filter((row) => ids.has(Number(row.id)));
    if (rows.length === ids.size && rows.every((row) => row.status !== 'in_progress')) return rows;
    if (Date.now() > deadline) throw new Error('the documents were still in progress after 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A 1 GiB decompression bomb and a 20,000-page PDF: Failed with their reasons, the server's RSS flat, the next PDF read. */
async function probeHostilePdfs(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  await ingest(target, [{ name: 'warm-up.pdf', bytes: buildTestPdf(['An ordinary document, so the embedding model is loaded before the bomb.']) }]);
  const before = residentBytes(target.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(target.pid))), 200);
  let bombRows: Record<string, unknown>[];
  try {
    bombRows = await ingest(target, [{ name: 'bomb-1gib.pdf', bytes: await buildInflateBombPdf(1024 * 1024 * 1024) }]);
  } finally {
    clearInterval(sampler);
  }
  // The 20,000-page file is a processor-time hazard, 5.5 MB on disk: its memory is that of any upload that size
  // (the embedded database keeps what it grew to), so the RSS bound is the bomb's.
  const pageRows = await ingest(target, [{ name: 'pages-20000.pdf', bytes: buildManyPagesPdf(20_000) }]);
  const rows = [...bombRows, ...pageRows];
  const next = await ingest(target, [{ name: 'after.pdf', bytes: buildTestPdf(['An ordinary document after the hostile ones.']) }]);
  const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
  tried.push('uploaded a 1 MB PDF whose content stream inflates to 1 GiB', 'uploaded a 20,000-page PDF', 'uploaded an ordinary PDF after them');
  tried.push(`server RSS ${mb(before)} before the bomb, at most ${mb(peak)} while it was read`);
  const outcome = (name: string) => rows.find((row) => row.filename === name);
  const bomb = outcome('bomb-1gib.pdf');
  const pages = outcome('pages-20000.pdf');
  if (bomb?.status !== 'error' || !/expands to more than/.test(String(bomb.error))) findings.push(`the bomb ended ${String(bomb?.status)}: ${String(bomb?.error)}`);
  if (pages?.status !== 'error' || !/20,000 pages/.test(String(pages.error))) findings.push(`the 20,000-page PDF ended ${String(pages?.status)}: ${String(pages?.error)}`);
  if (next[0]?.status !== 'completed') findings.push(`the next PDF ended ${String(next[0]?.status)}: ${String(next[0]?.error)}`);
  if (peak - before > 200e6) findings.push(`the server's RSS rose by ${mb(peak - before)} while the bomb was read`);
  return probe('probe: decompression bomb and 20,000-page uploads', started, tried, findings);
}

/** A stranger's failures do not lock the owner out; attempts sent at once are not all checked; reset mails stay the owner's. */
async function probeLockout(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const wrong = { email: DEMO_ADMIN.email, password: 'Wrong-Password-1' };
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 40; attempt += 1) statuses.push((await login(target, wrong, '203.0.113.10')).status);
  tried.push(`40 wrong passwords for the first administrator from one stranger's address: ${statuses.filter((status) => status === 401).length} checked, ${statuses.filter((status) => status === 429).length} throttled`);
  if (statuses.filter((status) => status === 401).length > LOGIN_THROTTLE.freeFailures + 1) findings.push('more wrong passwords were checked than the free failures and one more');
  const owner = await login(target, DEMO_ADMIN, '198.51.100.10');
  tried.push(`the owner's right password from another address right after: ${owner.status}`);
  if (owner.status !== 200) findings.push(`the owner was refused (${owner.status}) after a stranger's failures: lockout`);
  const deviceCookie = owner.headers.getSetCookie().find((line) => line.startsWith('steward_device_'))?.split(';')[0];
  for (let attempt = 0; attempt < 20; attempt += 1) await login(target, wrong, '198.51.100.10');
  const fromDevice = await login(target, DEMO_ADMIN, '198.51.100.10', deviceCookie ?? null);
  tried.push(`after 20 failures from the owner's own address, the owner's browser (device cookie ${deviceCookie ? 'set' : 'missing'}) with the right password: ${fromDevice.status}`);
  if (fromDevice.status !== 200) findings.push(`a browser that signed in before was refused (${fromDevice.status}) after failures from its address`);
  const burst = await Promise.all(Array.from({ length: 24 }, () => login(target, { ...wrong, email: DEMO_VIEWER.email }, '203.0.113.11')));
  const checked = burst.filter((answer) => answer.status === 401).length;
  tried.push(`24 wrong passwords at once: ${checked} checked, ${burst.filter((answer) => answer.status === 429).length} throttled`);
  if (checked > LOGIN_THROTTLE.freeFailures + 1) findings.push(`${checked} of 24 wrong passwords sent at once were checked`);
  const resets: number[] = [];
  for (let ask = 0; ask < 6; ask += 1) resets.push((await call(target, 'POST', '/api/send-password-reset-email', { body: { email: DEMO_ADMIN.email }, headers: { 'x-forwarded-for': '203.0.113.12' }, cookie: null })).status);
  const ownerReset = await call(target, 'POST', '/api/send-password-reset-email', { body: { email: DEMO_ADMIN.email }, headers: { 'x-forwarded-for': '198.51.100.11' }, cookie: null });
  tried.push(`6 reset mails for the administrator asked by a stranger: ${resets.join(', ')}; then by the owner elsewhere: ${ownerReset.status}`);
  if (!resets.includes(429)) findings.push('a stranger may ask unlimited reset mails for one email');
  if (ownerReset.status !== 200) findings.push(`the owner could not ask a reset mail (${ownerReset.status}) after a stranger's requests`);
  return probe('probe: lockout by strangers', started, tried, findings);
}

/** NUL and lone surrogates in every string of every route of the OpenAPI document, and labels with hidden characters. */
async function probeBadText(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const document = (await (await fetch(`${target.url}/api/docs/json`)).json()) as OpenApiDocument;
  const routes = routesOfOpenApi(document);
  const headersFor = (pathname: string): Record<string, string> => (pathname.startsWith('/api/bot/') ? { authorization: `Bearer ${target.botApiKey}` } : {});
  let requests = 0;
  for (const hostile of HOSTILE_TEXTS) {
    for (const route of routes) {
      for (const attempt of hostileAttempts(route, hostile)) {
        const answer = await call(target, route.method, attempt.path, { body: route.method === 'GET' ? undefined : attempt.body, headers: headersFor(route.path) });
        requests += 1;
        if (answer.status !== 400) findings.push(`${route.method} ${route.path} with ${hostile.name} in the ${attempt.where}: ${answer.status} ${answer.body.error?.message ?? ''}`);
      }
    }
  }
  // Their sample is a valid request (no string to carry the text): sent, it would be answered 200 and change settings.
  const noString = routes.filter((route) => route.body && !hostileAttempts(route, HOSTILE_TEXTS[0]).some((attempt) => attempt.where === 'body'));
  tried.push(
    `${requests} requests over ${routes.length} routes of /api/docs/json: a NUL, then a lone surrogate, in every string of the body and in every path parameter`,
    `${noString.length} bodies of booleans, numbers and nulls only, with no string to carry the text, not sent: ${noString.map((route) => `${route.method} ${route.path}`).join(', ')}`,
  );
  const name = 'Eve\u202Egnp.exe\u200B';
  const email = `probe-${Date.now()}@example.com`;
  const invited = await call(target, 'POST', '/api/add-user', { body: { name, email, role: 'viewer' } });
  const key = await invitationKeyOf(target, email);
  const registered = key ? await call(target, 'POST', '/api/register', { body: { key, password: 'Probe-Pass-1234' }, cookie: null }) : undefined;
  const listed: Record<string, unknown>[] = [];
  for (let page = 0; page < 10; page += 1) {
    const rows = (await call(target, 'GET', `/api/users/${page}`)).body.data?.rows ?? [];
    listed.push(...rows);
    if (rows.length === 0) break;
  }
  const stored = listed.find((row) => row.email === email)?.name;
  tried.push(`invited and registered a user named "Eve<RLO>gnp.exe<ZWSP>" (add-user ${invited.status}, register ${registered?.status ?? 'no key found'}); stored name ${JSON.stringify(stored)}`);
  if (stored === undefined) findings.push('the user invited with hidden characters in the name could not be registered and found');
  else if (/[\u200B\u202E]/.test(String(stored))) findings.push(`a name kept its hidden characters: ${JSON.stringify(stored)}`);
  return probe('probe: NUL and Unicode over every route', started, tried, findings);
}

/** The invitation key mailed to `email`: the server has no SMTP_URL in the check, so the mail is in DATA_DIR/outbox. */
async function invitationKeyOf(target: ScanTarget, email: string): Promise<string | undefined> {
  const outbox = `${target.dataDir}/outbox`;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const file of files) {
      // Quoted-printable soft line breaks undone, so a link is whole again.
      const mail = fs.readFileSync(`${outbox}/${file}`, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (mail.includes(email)) return mail.match(/\/register\/([A-Za-z0-9_-]{43})/)?.[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

/** Keys of register, reset and sign-in links must not reach the log. */
async function probeSecretsInLogs(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const keys = [newSecret(), newSecret(), newSecret()];
  const [invitation, reset, code] = keys as [string, string, string];
  const paths = [`/register/${invitation}`, `/reset-password/${reset}`, `/?email=owner%40example.com&verificationCode=${code}`];
  for (const pathname of paths) await call(target, 'GET', pathname, { cookie: null });
  await call(target, 'POST', '/api/verify-email-code', { body: { email: 'owner@example.com', code }, cookie: null });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const log = fs.readFileSync(target.logFile, 'utf8');
  const findings = keys.filter((key) => log.includes(key)).map((key) => `the log holds the key ${key.slice(0, 6)}…`);
  if (!log.includes('/register/[redacted]')) findings.push('the access log has no redacted /register/ line: is it logging requests at all?');
  return probe('probe: secrets in logs', started, [`opened ${paths.map((pathname) => pathname.replace(/[A-Za-z0-9_-]{43}/, '{key}')).join(', ')} and posted a sign-in code; read the server's log`], findings);
}

/** GET /api/logout from another site, no-store on signed-in answers, and 404 for paths that are no screen. */
async function probeSmallerDoors(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const viewer = sessionCookieOf(await login(target, DEMO_VIEWER, '198.51.100.20'));
  if (!viewer) return { tool: 'probe: cross-site logout, caching, statuses', outcome: 'failed', summary: 'the demo viewer could not sign in', tried, findings };
  for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
    const answer = await call(target, 'GET', '/api/logout', { headers, cookie: viewer });
    tried.push(`GET /api/logout with ${JSON.stringify(headers)}: ${answer.status}`);
    if (answer.status !== 403) findings.push(`a cross-site GET /api/logout answered ${answer.status}`);
  }
  const still = await call(target, 'GET', '/api/authenticate-user', { cookie: viewer });
  if (still.status !== 200) findings.push('the session ended after a cross-site logout');
  const cache = still.headers.get('cache-control');
  tried.push(`signed-in GET /api/authenticate-user: Cache-Control ${cache}`);
  if (cache !== 'no-store') findings.push(`a signed-in answer carries Cache-Control ${cache}, not no-store`);
  for (const pathname of ['/no-such-screen', '/wp-login.php', '/.git/config', '/home']) {
    const answer = await call(target, 'GET', pathname, { cookie: null });
    tried.push(`GET ${pathname}: ${answer.status}`);
    if ((pathname === '/home') !== (answer.status === 200)) findings.push(`GET ${pathname} answered ${answer.status}`);
  }
  return probe('probe: cross-site logout, caching, statuses', started, tried, findings);
}

/** The chat's rate limits (fun facts included, IPv6 by /64) and one rating per answer. */
async function probeChatLimits(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const burst = async (ipOf: (index: number) => string) => {
    for (let index = 0; index < 200; index += 1) {
      if ((await call(target, 'GET', '/api/chat/fun-facts', { headers: { 'x-forwarded-for': ipOf(index) }, cookie: null })).status === 429) return index + 1;
    }
    return undefined;
  };
  const funFacts = await burst(() => '203.0.113.30');
  tried.push(`GET /api/chat/fun-facts from one address: 429 at call ${funFacts ?? 'never (200 calls)'}`);
  if (funFacts === undefined) findings.push('GET /api/chat/fun-facts is not rate-limited');
  const ipv6 = await burst((index) => `2001:db8:38:1::${(index + 1).toString(16)}`);
  tried.push(`GET /api/chat/fun-facts from one IPv6 /64, a new address each call: 429 at call ${ipv6 ?? 'never (200 calls)'}`);
  if (ipv6 === undefined) findings.push('an IPv6 client escapes the chat rate limit by changing addresses inside its /64');
  const before = Number((await call(target, 'GET', '/api/all-feedback/0/')).body.data?.rows?.[0]?.total_count ?? 0);
  const { chatSessionId, chatHistoryId } = target.ids;
  for (const rating of ['up', 'down', 'down']) {
    await call(target, 'POST', '/api/chat/feedback', { body: { session_id: chatSessionId, history_id: chatHistoryId, rating }, headers: { 'x-forwarded-for': '203.0.113.31' }, cookie: null });
  }
  const after = Number((await call(target, 'GET', '/api/all-feedback/0/')).body.data?.rows?.[0]?.total_count ?? 0);
  tried.push(`three ratings of one answer: the feedback list grew by ${after - before}`);
  if (after - before > 1) findings.push(`one answer was rated ${after - before} times`);
  return probe('probe: chat limits', started, tried, findings);
}

/** A raw request, so the Host header is the attacker's (fetch would send the URL's). */
function rawRequest(target: ScanTarget, method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(target.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path: pathname, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The chat's CORS with hostile origins, DNS rebinding (Origin and Host both the attacker's) included. */
async function probeCors(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const port = new URL(target.url).port;
  const origins = ['https://evil.example', 'null', `http://localhost:${port}`, `http://rebind.evil.example:${port}`, `http://127.0.0.1.evil.example:${port}`];
  for (const origin of origins) {
    const host = origin === 'null' ? new URL(target.url).host : new URL(origin).host;
    for (const [method, headers, body] of [
      ['OPTIONS', { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }, undefined],
      ['POST', { 'content-type': 'application/json' }, JSON.stringify({ message: 'Hello?' })],
    ] as const) {
      const answer = await rawRequest(target, method, '/api/chat/ask', { ...headers, origin, host }, body);
      tried.push(`${method} /api/chat/ask, Origin ${origin}, Host ${host}: ${answer.status}, Access-Control-Allow-Origin ${answer.headers['access-control-allow-origin'] ?? 'none'}`);
      if (answer.status !== 403 || answer.headers['access-control-allow-origin'] !== undefined) findings.push(`${method} from ${origin} (Host ${host}) was let through: ${answer.status}`);
    }
  }
  const own = await rawRequest(target, 'POST', '/api/chat/ask', { 'content-type': 'application/json', origin: target.url }, JSON.stringify({ message: 'Hello?' }));
  tried.push(`POST from PUBLIC_URL's own origin: ${own.status}`);
  if (own.status !== 200) findings.push(`the dashboard's own origin was refused (${own.status})`);
  return probe('probe: CORS with hostile origins', started, tried, findings);
}

/** Every probe, in the order they run: issue 38's, then issue 52's (the data-dir modes last, after the others wrote mails). */
export const PROBES: [string, (scanTarget: ScanTarget) => Promise<StepResult>][] = [
  ['probe: secrets in logs', probeSecretsInLogs],
  ['probe: NUL and Unicode over every route', probeBadText],
  ['probe: cross-site logout, caching, statuses', probeSmallerDoors],
  ['probe: CORS with hostile origins', probeCors],
  ['probe: chat limits', probeChatLimits],
  ['probe: lockout by strangers', probeLockout],
  ['probe: integration keys', probeIntegrationKeys],
  ['probe: CSV exports (row splits, formulas)', probeCsvExports],
  ['probe: hostile answer HTML (image and link GETs, class-drawn boxes, CSP)', probeAnswerHtml],
  ['probe: erasure leftovers (audit log, outbox, mail queue)', probeErasure],
  ['probe: outbox log lines', probeOutboxLogLines],
  ['probe: reply rate limit', probeReplyRateLimit],
  ['probe: reset-mail budget', probeResetMailBudget],
  ['probe: register-files with a repeated file_id', probeRegisterFilesDuplicate],
  ['probe: export of large answers in bounded memory', probeExportMemory],
  ['probe: decompression bomb and 20,000-page uploads', probeHostilePdfs],
  ['probe: DATA_DIR file modes', probeDataDirModes],
];

/**
 * The probes whose names hold one of `selection`'s comma-separated words (SECURITY_CHECK_PROBES, for running a few
 * while developing), or every probe when it is empty.
 */
export const selectProbes = (selection: string | undefined): typeof PROBES => {
  const words = (selection ?? '').split(',').map((word) => word.trim().toLowerCase()).filter((word) => word !== '');
  return words.length === 0 ? PROBES : PROBES.filter(([name]) => words.some((word) => name.toLowerCase().includes(word)));
};

/** The probes chosen, one after the other; a probe that throws is reported as failed and the others still run. */
export async function runProbes(target: ScanTarget, probes: typeof PROBES, say: (line: string) => void): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const [name, run] of probes) {
    say(`  ${name}`);
    try {
      results.push(await run(target));
    } catch (error) {
      results.push({ tool: name, outcome: 'failed', summary: error instanceof Error ? error.message : String(error), tried: [], findings: [] });
    }
  }
  return results;
}
