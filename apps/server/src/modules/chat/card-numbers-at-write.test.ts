import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 43: a card number a visitor types is masked before it is stored, for everyone (docs/privacy.md), through
// both doors a visitor's text comes in by: the bot API and the public chat. What the visitor is answered is not.
// Whatever the masking setting (issue 58): with masking off, the screens show the rest of the text whole.

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN });
  ({ client: admin } = await testApp.signedInClient('admin'));
});
afterAll(() => testApp.close());

const CARD = '4242 4242 4242 4242';
const MASKED = '•••• •••• •••• 4242';
const stored = async (table: 'history' | 'feedback' | 'help_requests', column: string, id: unknown): Promise<string | undefined> =>
  (await sqlRows<{ text: string }>(testApp.db, sql`SELECT ${sql.identifier(column)} AS text FROM ${sql.identifier(table)} WHERE id = ${Number(id)}`))[0]?.text;

describe.each([
  ['off (the default)', false],
  ['on', true],
])('with masking %s', (_mode, masked) => {
  beforeAll(async () => {
    expect((await admin.post('/api/personal-data/masking', { masked })).status).toBe(200);
  });

  it('the bot API stores the message, the feedback words and the help request with the card masked, and the rest as sent', async () => {
    const message = await botPost(testApp, '/api/bot/messages', {
      session_id: newSessionId(),
      user_message: `Charge my card ${CARD} (exp 12/27), mail jane@example.com`,
      api_response: 'I cannot take payments here.',
    });
    expect(message.status).toBe(200);
    const historyId = message.body.data?.rows[0]?.id;
    expect(await stored('history', 'user_message', historyId)).toBe(`Charge my card ${MASKED} (exp 12/27), mail jane@example.com`);
    // The History screen: the card masked in either mode, the email too only with masking on.
    const shown = await admin.get(`/api/history/${encodeURIComponent(String(message.body.data?.rows[0]?.session_id))}`);
    expect(shown.body.data?.rows[0]?.user_message).toBe(`Charge my card ${MASKED} (exp 12/27), mail ${masked ? 'j•••@example.com' : 'jane@example.com'}`);

    const feedback = await botPost(testApp, '/api/bot/feedback', { history_id: historyId, rating: 'down', user_feedback: `It was 4242-4242-4242-4242!` });
    expect(feedback.status).toBe(200);
    expect(await stored('feedback', 'user_feedback', feedback.body.data?.rows[0]?.id)).toBe(`It was ${MASKED}!`);
    expect(await stored('feedback', 'user_message', feedback.body.data?.rows[0]?.id)).toBe(`Charge my card ${MASKED} (exp 12/27), mail jane@example.com`);

    const help = await botPost(testApp, '/api/bot/help-requests', { name: 'Jane', email: 'jane@example.com', message: `Refund ${CARD.replace(/ /g, '')} please` });
    expect(help.status).toBe(200);
    expect(await stored('help_requests', 'message', help.body.data?.rows[0]?.id)).toBe(`Refund ${MASKED} please`);
  });

  it('the bot API keeps a number that only looks like a card (it fails the Luhn check)', async () => {
    const message = await botPost(testApp, '/api/bot/messages', { session_id: newSessionId(), user_message: 'Order 4242 4242 4242 4241 is late', api_response: 'Sorry.' });
    expect(await stored('history', 'user_message', message.body.data?.rows[0]?.id)).toBe('Order 4242 4242 4242 4241 is late');
  });

  it('the public chat answers as it would without the card, and stores the question, the rating words and the help request masked', async () => {
    const plain = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Can I pay with my card?' } }));
    const asked = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: `Can I pay with my card ${CARD}?` } });
    expect(asked.status).toBe(200);
    const row = firstRow(asked);
    expect(row.answer).toBe(plain.answer);
    expect(await stored('history', 'user_message', row.history_id)).toBe(`Can I pay with my card ${MASKED}?`);

    const rated = await chatCall(testApp, 'POST', '/api/chat/feedback', {
      body: { session_id: row.session_id, history_id: row.history_id, rating: 'down', user_feedback: `You kept ${CARD}` },
    });
    expect(rated.status).toBe(200);
    expect(await stored('feedback', 'user_feedback', firstRow(rated).id)).toBe(`You kept ${MASKED}`);
    // A second rating replaces the first in place: masked too.
    await chatCall(testApp, 'POST', '/api/chat/feedback', {
      body: { session_id: row.session_id, history_id: row.history_id, rating: 'down', user_feedback: `Still ${CARD}` },
    });
    expect(await stored('feedback', 'user_feedback', firstRow(rated).id)).toBe(`Still ${MASKED}`);

    const help = await chatCall(testApp, 'POST', '/api/chat/help-request', {
      body: { name: 'Pat', email: 'pat@example.com', message: `My card ${CARD} was charged twice`, session_id: row.session_id },
    });
    expect(help.status).toBe(200);
    expect(await stored('help_requests', 'message', firstRow(help).id)).toBe(`My card ${MASKED} was charged twice`);
  });
});
