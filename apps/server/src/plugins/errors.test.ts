import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('bad input', () => {
  it('answers malformed JSON with a 400 in the envelope', async () => {
    const answer = await testApp.client().postRaw('/api/login', '{"email": ', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: { message: 'The request body is not valid JSON.' } });
  });

  it('answers a wrong type and an unknown field with a 400 naming the problem', async () => {
    const wrongType = await testApp.client().post('/api/login', { email: 42, password: 'x' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.field).toBe('email');
    const unknownField = await testApp.client().post('/api/login', { email: 'a@example.com', password: 'x', role: 'admin' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error?.message).toMatch(/role/);
  });

  it('answers an over-long field with a 400 and an over-large body with a 413', async () => {
    const longPassword = await testApp.client().post('/api/login', { email: 'a@example.com', password: 'x'.repeat(300) });
    expect(longPassword.status).toBe(400);
    const huge = await testApp.client().post('/api/login', { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error?.message).toBe('The request is too large: this call takes at most 1 MB.');
  });

  it('answers an unknown API path with a JSON 404 and never a stack trace', async () => {
    const answer = await testApp.client().get('/api/no-such-call');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, error: { message: 'There is no GET /api/no-such-call call.' } });
  });

  it('answers a failing handler with "Internal Server Error" only', async () => {
    const fresh = await createTestApp({}, {
      beforeListen: (app) =>
        app.get('/api/explode', { config: { access: 'public' } }, async () => {
          throw new Error('secret internals: password=hunter2');
        }),
    });
    try {
      const answer = await fresh.client().get('/api/explode');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ success: false, error: { message: 'Internal Server Error' } });
    } finally {
      await fresh.close();
    }
  });

  it('answers GET /api/health once the database is ready', async () => {
    expect((await testApp.client().get('/api/health')).body).toEqual({ success: true });
  });

  it('sends security headers', async () => {
    const answer = await testApp.client().get('/api/health');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
