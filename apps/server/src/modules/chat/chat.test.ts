import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_TEXTS } from '@steward/contract/chat';
import type { ApiClient } from '../../test/api-client.ts';
import { counters } from '../../test/bot-test-support.ts';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN });
  ({ client: admin } = await testApp.signedInClient('admin'));
});
afterAll(() => testApp.close());

const ask = (body: Record<string, unknown>) => chatCall(testApp, 'POST', '/api/chat/ask', { body });

describe('POST /api/chat/ask', () => {
  it('starts a signed session, answers, and writes the history row the dashboard shows, with its counters', async () => {
    const before = await counters(testApp.db);
    const answer = await ask({ message: 'Do you sell gift cards?', origin: 'https://shop.example.com/cart' });
    expect(answer.status).toBe(200);
    const row = firstRow(answer);
    expect(row.session_id).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({ answer_kind: 'unknown', source_docs: [] });
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);

    const session = await admin.get(`/api/history/${encodeURIComponent(String(row.session_id))}`);
    expect(session.status).toBe(200);
    expect(session.body.data?.rows).toEqual([
      expect.objectContaining({
        id: row.history_id,
        user_message: 'Do you sell gift cards?',
        api_response: row.answer,
        origin: 'https://shop.example.com/cart',
        user_ip: '127.0.0.1',
        coverage_gap: true,
      }),
    ]);
    const after = await counters(testApp.db);
    expect(after.history).toBe((before.history ?? 0) + 1);
    expect(after.chat_sessions).toBe((before.chat_sessions ?? 0) + 1);
  });

  it('continues a session it issued, and refuses a forged or made-up one', async () => {
    const first = firstRow(await ask({ message: 'Hello?' }));
    const second = await ask({ message: 'Anyone there?', session_id: first.session_id });
    expect(firstRow(second).session_id).toBe(first.session_id);

    const [random] = String(first.session_id).split('.');
    for (const forged of [`${random}.${'A'.repeat(43)}`, 'my-own-session', `${'B'.repeat(22)}.${String(first.session_id).split('.')[1]}`]) {
      const refused = await ask({ message: 'Hello?', session_id: forged });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(CHAT_TEXTS.badSession);
    }
  });

  it('refuses an over-long message with the contract text, and an empty one', async () => {
    const long = await ask({ message: 'x'.repeat(CHAT_LIMITS.message + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toBe(CHAT_TEXTS.messageTooLong);
    expect((await ask({ message: '   ' })).status).toBe(400);
    expect((await ask({ message: 'hi', user_ip: '1.2.3.4' })).status).toBe(400);
  });
});
