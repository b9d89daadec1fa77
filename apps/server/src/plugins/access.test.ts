import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAddUser, canDeleteInformation } from '@steward/contract/permissions';
import { createTestApp, TEST_BOT_API_KEY, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('route access rules', () => {
  it('every registered route declares who may call it', () => {
    const apiRoutes = testApp.routes.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(5);
    const withoutRule = testApp.routes.filter((route) => route.access === undefined);
    expect(withoutRule).toEqual([]);
  });

  it('names the permission rule of each guarded route', () => {
    const accessOf = (method: string, url: string) => testApp.routes.find((route) => route.method === method && route.url === url)?.access;
    expect(accessOf('POST', '/api/add-user')).toBe('canAddUser');
    expect(accessOf('POST', '/api/inform-the-bot/delete/:id')).toBe('canDeleteInformation');
    expect(accessOf('GET', '/api/all-help-requests-count')).toBe('login');
  });

  it('refuses to register an /api route without a rule', async () => {
    let registrationError: unknown;
    const fresh = await createTestApp({}, {
      beforeListen: (app) => {
        try {
          app.get('/api/unguarded', async () => ({ success: true }));
        } catch (error) {
          registrationError = error;
        }
      },
    });
    await fresh.close();
    expect(String(registrationError)).toMatch(/GET \/api\/unguarded declares no access rule/);
  });

  it('enforces capability and admin-by-role rules on the server, whatever the UI shows', async () => {
    const guarded = await createTestApp({}, {
      beforeListen: (app) => {
        app.post('/api/probe/create-user', { config: { access: canAddUser } }, async () => ({ success: true }));
        app.post('/api/probe/admin', { config: { access: canDeleteInformation } }, async () => ({ success: true }));
      },
    });
    try {
      const { client: viewer } = await guarded.signedInClient('viewer');
      const { client: admin } = await guarded.signedInClient('admin');
      for (const path of ['/api/probe/create-user', '/api/probe/admin']) {
        expect((await guarded.client().post(path, {})).status).toBe(401);
        const refused = await viewer.post(path, {});
        expect(refused.status).toBe(403);
        expect(refused.body.error?.message).toBe('You do not have permission to do this.');
        expect((await admin.post(path, {})).status).toBe(200);
      }
    } finally {
      await guarded.close();
    }
  });

  it('answers login routes with 401 when not logged in', async () => {
    expect((await testApp.client().get('/api/all-help-requests-count')).status).toBe(401);
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.get('/api/all-help-requests-count')).body).toEqual({ success: true, data: { rows: [{ total_count: 0 }] } });
  });
});

describe('bot API key', () => {
  it('answers 401 without the key and 503 when BOT_API_KEY is unset', async () => {
    const probe = (app: TestApp['app']) => app.post('/api/bot/probe', { config: { access: 'bot:exchanges' } }, async () => ({ success: true }));
    const withKey = await createTestApp({}, { beforeListen: probe });
    try {
      expect((await withKey.client().post('/api/bot/probe', {})).status).toBe(401);
      expect((await withKey.client().post('/api/bot/probe', {}, { authorization: 'Bearer wrong-key-0123456789abc' })).status).toBe(401);
      expect((await withKey.client().post('/api/bot/probe', {}, { authorization: `Bearer ${TEST_BOT_API_KEY}` })).body).toEqual({ success: true });
    } finally {
      await withKey.close();
    }
    const unset = await createTestApp({ BOT_API_KEY: '' }, { beforeListen: probe });
    try {
      const answer = await unset.client().post('/api/bot/probe', {}, { authorization: 'Bearer whatever-key-1234567890' });
      expect(answer.status).toBe(503);
      expect(answer.body.error?.message).toMatch(/BOT_API_KEY/);
    } finally {
      await unset.close();
    }
  });
});

describe('CSRF protection', () => {
  it('refuses a POST sent by a browser from another site', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const crossSite = await client.post('/api/user/change-theme', { id: user.id, theme: 'dark' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await client.post('/api/user/change-theme', { id: user.id, theme: 'dark' }, { 'sec-fetch-site': '', origin: 'https://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    const sameSite = await client.post('/api/user/change-theme', { id: user.id, theme: 'dark' });
    expect(sameSite.status).toBe(200);
  });
});
