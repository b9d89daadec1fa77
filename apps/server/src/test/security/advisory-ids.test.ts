import { describe, expect, it } from 'vitest';
import { testAppWithAdmin } from '../admin-test-app.ts';
import { ACCESS_MATRIX } from './access-matrix.table.ts';
import { dbFingerprint } from './db-fingerprint.ts';

// Advisory class: foreign and forged ids. Every route with an id in its path, called by an
// administrator (who may call them all) with an id that names nothing, and with ids that are not
// ids at all (SQL, paths, huge numbers): a clear 404 or 400, never a 500, and nothing changed.
// Another user's id on the account routes is in the access matrix.

const suite = testAppWithAdmin();

interface IdRoute {
  route: string;
  /** The path with `{id}` where the id goes. */
  path: string;
  body?: unknown;
  form?: () => FormData;
  /** The answer for an id that names nothing (a different status where the route says so first). */
  unknown: number;
  kind: 'number' | 'text';
}

const NUMBER_ID_ROUTES: IdRoute[] = [
  { route: 'GET /api/user/:id', path: '/api/user/{id}', unknown: 404, kind: 'number' },
  { route: 'POST /api/user/:id/delete', path: '/api/user/{id}/delete', unknown: 404, kind: 'number' },
  // Only one's own password: another id is refused before anything is looked up.
  { route: 'POST /api/user/:id/change-password', path: '/api/user/{id}/change-password', body: { oldPassword: 'x', newPassword: 'Another-Pass-99' }, unknown: 403, kind: 'number' },
  { route: 'GET /api/help-requests/:id', path: '/api/help-requests/{id}', unknown: 404, kind: 'number' },
  { route: 'POST /api/help-requests/:id/:action', path: '/api/help-requests/{id}/resolve', unknown: 404, kind: 'number' },
  { route: 'GET /api/help-requests/:id/thread', path: '/api/help-requests/{id}/thread', unknown: 404, kind: 'number' },
  { route: 'POST /api/help-requests/:id/reply', path: '/api/help-requests/{id}/reply', body: { message: 'We have sent a new kettle.' }, unknown: 404, kind: 'number' },
  { route: 'GET /api/inform-the-bot/:id/replay', path: '/api/inform-the-bot/{id}/replay', unknown: 404, kind: 'number' },
  { route: 'POST /api/inform-the-bot/edit/:id', path: '/api/inform-the-bot/edit/{id}', body: { content: 'Edited.' }, unknown: 404, kind: 'number' },
  { route: 'POST /api/inform-the-bot/approve/:id', path: '/api/inform-the-bot/approve/{id}', body: {}, unknown: 404, kind: 'number' },
  { route: 'POST /api/inform-the-bot/delete/:id', path: '/api/inform-the-bot/delete/{id}', unknown: 404, kind: 'number' },
  { route: 'POST /api/fun-facts/edit/:id', path: '/api/fun-facts/edit/{id}', body: { funFact: { fact: 'F', url: 'https://example.com' } }, unknown: 404, kind: 'number' },
  { route: 'POST /api/fun-facts/delete/:id', path: '/api/fun-facts/delete/{id}', unknown: 404, kind: 'number' },
  { route: 'GET /api/feedback/:id', path: '/api/feedback/{id}', unknown: 404, kind: 'number' },
  { route: 'POST /api/feedback/:id/correction', path: '/api/feedback/{id}/correction', body: { content: 'Two years.' }, unknown: 404, kind: 'number' },
  { route: 'POST /api/documents/:id/delete', path: '/api/documents/{id}/delete', unknown: 404, kind: 'number' },
  { route: 'GET /api/sites/:id/pages/:pageIndex', path: '/api/sites/{id}/pages/0', unknown: 404, kind: 'number' },
  { route: 'POST /api/sites/:id/cancel', path: '/api/sites/{id}/cancel', unknown: 404, kind: 'number' },
  { route: 'POST /api/sites/:id/delete', path: '/api/sites/{id}/delete', unknown: 404, kind: 'number' },
  { route: 'GET /api/sites/:id/syncs', path: '/api/sites/{id}/syncs', unknown: 404, kind: 'number' },
  { route: 'POST /api/sites/:id/sync', path: '/api/sites/{id}/sync', unknown: 404, kind: 'number' },
  { route: 'POST /api/sites/:id/schedule', path: '/api/sites/{id}/schedule', body: { sync_schedule: 'daily' }, unknown: 404, kind: 'number' },
  { route: 'GET /api/documents/:id/chunks', path: '/api/documents/{id}/chunks', unknown: 404, kind: 'number' },
  { route: 'GET /api/documents/:id/source', path: '/api/documents/{id}/source', unknown: 404, kind: 'number' },
  { route: 'POST /api/documents/:id/source/sync', path: '/api/documents/{id}/source/sync', unknown: 404, kind: 'number' },
  { route: 'POST /api/documents/:id/source/schedule', path: '/api/documents/{id}/source/schedule', body: { sync_schedule: 'daily' }, unknown: 404, kind: 'number' },
  { route: 'GET /api/documents/:id/source/syncs', path: '/api/documents/{id}/source/syncs', unknown: 404, kind: 'number' },
  { route: 'GET /api/documents/:id/chunks/:pageIndex', path: '/api/documents/{id}/chunks/0', unknown: 404, kind: 'number' },
  { route: 'POST /api/documents/:id/chunks/:chunkId/exclude', path: '/api/documents/{id}/chunks/1/exclude', unknown: 404, kind: 'number' },
  { route: 'POST /api/documents/:id/chunks/:chunkId/include', path: '/api/documents/{id}/chunks/1/include', unknown: 404, kind: 'number' },
  // One's own second factor: another id (an unknown one too) is not one's own.
  { route: 'GET /api/user/:id/second-factor', path: '/api/user/{id}/second-factor', unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/second-factor/start', path: '/api/user/{id}/second-factor/start', unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/second-factor/confirm', path: '/api/user/{id}/second-factor/confirm', body: { code: '123456' }, unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/second-factor/recovery-codes', path: '/api/user/{id}/second-factor/recovery-codes', body: { code: '123456' }, unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/second-factor/remove', path: '/api/user/{id}/second-factor/remove', body: { code: '123456' }, unknown: 403, kind: 'number' },
  { route: 'GET /api/user/:id/passkeys', path: '/api/user/{id}/passkeys', unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/passkeys/options', path: '/api/user/{id}/passkeys/options', unknown: 403, kind: 'number' },
  {
    route: 'POST /api/user/:id/passkeys',
    path: '/api/user/{id}/passkeys',
    body: { name: 'Key', response: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'AA', attestationObject: 'AA' }, clientExtensionResults: {} } },
    unknown: 403,
    kind: 'number',
  },
  { route: 'POST /api/user/:id/passkeys/:passkeyId/rename', path: '/api/user/{id}/passkeys/1/rename', body: { name: 'Key' }, unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/passkeys/:passkeyId/remove', path: '/api/user/{id}/passkeys/1/remove', body: { password: 'not-it' }, unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/second-factor/reset', path: '/api/user/{id}/second-factor/reset', unknown: 404, kind: 'number' },
  { route: 'GET /api/user/:id/weekly-report', path: '/api/user/{id}/weekly-report', unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/weekly-report', path: '/api/user/{id}/weekly-report', body: { subscribed: false }, unknown: 403, kind: 'number' },
  // One's own sessions: another id (an unknown one too) is not one's own; End all sessions looks the member up.
  { route: 'GET /api/user/:id/sessions', path: '/api/user/{id}/sessions', unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/sessions/:sessionId/end', path: '/api/user/{id}/sessions/1/end', unknown: 403, kind: 'number' },
  { route: 'POST /api/user/:id/sessions/end-all', path: '/api/user/{id}/sessions/end-all', unknown: 404, kind: 'number' },
  { route: 'POST /api/integration-keys/:id/scopes', path: '/api/integration-keys/{id}/scopes', body: { scopes: ['ratings'] }, unknown: 404, kind: 'number' },
  { route: 'POST /api/integration-keys/:id/revoke', path: '/api/integration-keys/{id}/revoke', unknown: 404, kind: 'number' },
  { route: 'POST /api/webhook-endpoints/:id', path: '/api/webhook-endpoints/{id}', body: { enabled: false }, unknown: 404, kind: 'number' },
  { route: 'POST /api/webhook-endpoints/:id/delete', path: '/api/webhook-endpoints/{id}/delete', unknown: 404, kind: 'number' },
  { route: 'POST /api/webhook-endpoints/:id/rotate-secret', path: '/api/webhook-endpoints/{id}/rotate-secret', unknown: 404, kind: 'number' },
  { route: 'POST /api/webhook-endpoints/:id/test-message', path: '/api/webhook-endpoints/{id}/test-message', unknown: 404, kind: 'number' },
  { route: 'GET /api/webhook-endpoints/:id/deliveries', path: '/api/webhook-endpoints/{id}/deliveries', unknown: 404, kind: 'number' },
  {
    route: 'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
    path: '/api/webhook-endpoints/{id}/deliveries/1/redeliver',
    unknown: 404,
    kind: 'number',
  },
  {
    route: 'POST /api/documents/:id/replace',
    path: '/api/documents/{id}/replace',
    form: () => {
      const form = new FormData();
      form.append('file', new Blob(['text']), 'notes.txt');
      return form;
    },
    unknown: 404,
    kind: 'number',
  },
];

const TEXT_ID_ROUTES: IdRoute[] = [
  { route: 'GET /api/history/:sessionId', path: '/api/history/{id}', unknown: 404, kind: 'text' },
  { route: 'GET /api/history/:sessionId/notes', path: '/api/history/{id}/notes', unknown: 404, kind: 'text' },
  { route: 'POST /api/documents/:fileId/update', path: '/api/documents/{id}/update', body: { title: 'T', source_url: 'https://example.com' }, unknown: 404, kind: 'text' },
];

const ID_ROUTES = [...NUMBER_ID_ROUTES, ...TEXT_ID_ROUTES];
const method = (row: IdRoute) => row.route.split(' ')[0] ?? 'GET';

function call(row: IdRoute, id: string) {
  const path = row.path.replace('{id}', id);
  if (row.form) return suite.admin.postForm(path, row.form());
  return suite.admin.request(method(row), path, row.body);
}

const NOT_IDS = ['0', '-1', '1.5', 'abc', '2147483648', '99999999999999999999999', '1%20OR%201%3D1', '%27%3B%20DROP%20TABLE%20users%3B--', 'NaN', 'Infinity'];
const ODD_TEXT_IDS = ["'%20OR%20'1'%3D'1", '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x'.repeat(100)];

describe('every route with an id in its path is listed here', () => {
  it('matches the routes of the access matrix that take an id', () => {
    const withIds = ACCESS_MATRIX.map((row) => row.route).filter((route) => /:(id|fileId|sessionId)\b/.test(route));
    expect(ID_ROUTES.map((row) => row.route).sort()).toEqual(withIds.sort());
  });
});

describe.each(ID_ROUTES)('$route', (row) => {
  it('answers an id that names nothing as declared, with a message, and changes nothing', async () => {
    const before = await dbFingerprint(suite.app.db);
    const answer = await call(row, row.kind === 'number' ? '2147483000' : 'no-such-thing-anywhere');
    expect(answer.status).toBe(row.unknown);
    expect(answer.body).toEqual({ success: false, error: expect.objectContaining({ message: expect.any(String) }) });
    expect(await dbFingerprint(suite.app.db)).toEqual(before);
  });

  it.each(row.kind === 'number' ? NOT_IDS : ODD_TEXT_IDS)('answers the id %s with a clear 400 or 404, never a 500', async (id) => {
    const before = await dbFingerprint(suite.app.db);
    const answer = await call(row, id);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    expect(row.kind === 'number' ? [400, 403] : [400, 404]).toContain(answer.status);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error?.message).toMatch(/^[A-Z]/);
    expect(await dbFingerprint(suite.app.db)).toEqual(before);
  });
});
