import fs from 'node:fs';
import { call, login, probe, sessionCookieOf } from './probe-calls.ts';
import { DEMO_VIEWER, type ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/**
 * Issue 57's integration keys against the built server: the key is shown once and never again (list, log), a call
 * beyond its scopes is refused, a revoked key is refused at its next call, and a viewer manages no key.
 */
export async function probeIntegrationKeys(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const created = await call(target, 'POST', '/api/integration-keys', { body: { name: 'Security check', scopes: ['knowledge_search'] } });
  const row = created.body.data?.rows?.[0];
  const key = typeof row?.key === 'string' ? row.key : '';
  tried.push(`POST /api/integration-keys with the scope knowledge_search: ${created.status}`);
  if (created.status !== 200 || !key) return probe('probe: integration keys', started, tried, [`the key was not created (${created.status})`]);
  const bearer = { authorization: `Bearer ${key}` };

  const inScope = await call(target, 'POST', '/api/bot/knowledge/search', { body: { query: 'order' }, headers: bearer, cookie: null });
  const outOfScope = await call(target, 'POST', '/api/bot/help-requests', { body: { name: 'Probe', email: 'probe@example.com', message: 'Hi' }, headers: bearer, cookie: null });
  tried.push(`the key on its scope's call: ${inScope.status}; on help requests, outside its scopes: ${outOfScope.status}`);
  if (inScope.status !== 200) findings.push(`the key was refused its own scope (${inScope.status})`);
  if (outOfScope.status !== 403) findings.push(`the key was let through outside its scopes (${outOfScope.status})`);

  const listed = await call(target, 'GET', '/api/integration-keys');
  const secret = key.slice(key.lastIndexOf('_') + 1);
  tried.push(`GET /api/integration-keys: ${listed.status}`);
  if (listed.text.includes(secret)) findings.push('the list shows a key after its creation');

  const viewer = sessionCookieOf(await login(target, DEMO_VIEWER, '198.51.100.30'));
  const asViewer = await call(target, 'POST', `/api/integration-keys/${String(row?.id)}/revoke`, { cookie: viewer ?? null });
  tried.push(`the demo viewer revokes it: ${asViewer.status}`);
  if (asViewer.status !== 403) findings.push(`a viewer's revoke answered ${asViewer.status}`);

  const revoked = await call(target, 'POST', `/api/integration-keys/${String(row?.id)}/revoke`);
  const after = await call(target, 'POST', '/api/bot/knowledge/search', { body: { query: 'order' }, headers: bearer, cookie: null });
  tried.push(`the administrator revokes it: ${revoked.status}; its next call: ${after.status}`);
  if (after.status !== 401) findings.push(`a revoked key answered ${after.status}`);

  if (fs.readFileSync(target.logFile, 'utf8').includes(secret)) findings.push("the server's log holds an integration key");
  return probe('probe: integration keys', started, tried, findings);
}
