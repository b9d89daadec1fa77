import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_TEXTS } from '@steward/contract/chat';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { counters } from '../../test/bot-test-support.ts';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { latestMailTo } from '../../test/queued-mail.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addFunFacts } from '../bot-settings/fun-facts.repository.ts';
import { createInformTheBotItems } from '../inform-the-bot/inform-the-bot.repository.ts';

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
    expect(await sqlRows(testApp.db, sql`SELECT 1 FROM answer_sources WHERE history_id = ${Number(row.history_id)}`)).toEqual([]);
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

describe('POST /api/chat/feedback', () => {
  it('accepts a rating of an answer of the same session, as the bot API would store it', async () => {
    const answer = firstRow(await ask({ message: 'Where is my parcel?' }));
    const rated = await chatCall(testApp, 'POST', '/api/chat/feedback', {
      body: { session_id: answer.session_id, history_id: answer.history_id, rating: 'down', reason: ['Not helpful'], user_feedback: 'It did not answer <b>me</b>' },
    });
    expect(rated.status).toBe(200);
    const feedbackId = firstRow(rated).id;
    const list = await admin.get('/api/all-feedback/0/down');
    expect(list.body.data?.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: feedbackId,
          session_id: answer.session_id,
          user_message: 'Where is my parcel?',
          api_response: answer.answer,
          reason: '["Not helpful"]',
          user_feedback: 'It did not answer <b>me</b>',
          user_ip: '127.0.0.1',
        }),
      ]),
    );
  });

  it("refuses another session's answer, an answer that does not exist, and a forged session", async () => {
    const mine = firstRow(await ask({ message: 'Mine' }));
    const theirs = firstRow(await ask({ message: 'Theirs' }));
    for (const historyId of [theirs.history_id, 999_999_999]) {
      const refused = await chatCall(testApp, 'POST', '/api/chat/feedback', { body: { session_id: mine.session_id, history_id: historyId, rating: 'up' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(CHAT_TEXTS.feedbackForeignRow);
    }
    const forged = await chatCall(testApp, 'POST', '/api/chat/feedback', {
      body: { session_id: `${String(theirs.session_id).split('.')[0]}.${'x'.repeat(43)}`, history_id: theirs.history_id, rating: 'up' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error?.message).toBe(CHAT_TEXTS.badSession);
    const rows = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM feedback WHERE history_id = ${Number(theirs.history_id)}`);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('POST /api/chat/help-request', () => {
  it('stores the request for the Help Requests list and mails the notification addresses', async () => {
    await admin.post('/api/bot-settings', { settings: { helpRequestEmails: ['support@example.com'] } });
    const session = firstRow(await ask({ message: 'I need a human' }));
    const sent = await chatCall(testApp, 'POST', '/api/chat/help-request', {
      body: { name: 'Pat <img src=x onerror=alert(1)>', email: 'pat@example.com', message: 'Call me, please.', session_id: session.session_id, origin_url: 'https://shop.example.com/help' },
    });
    expect(sent.status).toBe(200);
    const id = firstRow(sent).id;
    const list = await admin.get('/api/all-help-requests/0');
    expect(list.body.data?.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          name: 'Pat <img src=x onerror=alert(1)>',
          email: 'pat@example.com',
          message: 'Call me, please.',
          origin_url: 'https://shop.example.com/help',
          user_ip: '127.0.0.1',
        }),
      ]),
    );
    const stored = await sqlRows<{ session_id: string }>(testApp.db, sql`SELECT session_id FROM help_requests WHERE id = ${Number(id)}`);
    expect(stored[0]?.session_id).toBe(session.session_id);
    const mail = await latestMailTo(testApp, 'support@example.com');
    expect(mail?.text).toContain('Call me, please.');
    expect(mail?.html).toContain('Pat &lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses a forged session and an invalid email with clear messages', async () => {
    const forged = await chatCall(testApp, 'POST', '/api/chat/help-request', {
      body: { name: 'Pat', email: 'pat@example.com', message: 'Hi', session_id: 'made-up' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error?.message).toBe(CHAT_TEXTS.badSession);
    const email = await chatCall(testApp, 'POST', '/api/chat/help-request', { body: { name: 'Pat', email: 'pat', message: 'Hi' } });
    expect(email.status).toBe(400);
    expect(email.body.error?.message).toBe('email must be an email address such as name@example.com.');
  });
});

describe('GET /api/chat/fun-facts', () => {
  it("reads the fun facts' texts without signing in", async () => {
    await addFunFacts(testApp.db, [{ fact: 'the shop opened in 1999', url: 'https://shop.example.com/story' }]);
    const answer = await chatCall(testApp, 'GET', '/api/chat/fun-facts');
    expect(answer.status).toBe(200);
    expect(firstRow(answer).facts).toContain('the shop opened in 1999');
  });
});

describe('the support message', () => {
  it('comes once, with the answer to the session\'s supportMessageThreshold-th question, never with a "don\'t know"', async () => {
    await addDocument(admin, { name: 'kettle.txt', bytes: 'Descaling\n\nDescale the kettle with citric acid once a month.', title: 'Kettle care', sourceUrl: 'https://shop.example.com/kettle' });
    await runAllJobs(testApp);
    await admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 2 } });
    const first = firstRow(await ask({ message: 'How often should I descale the kettle?' }));
    expect(first).toMatchObject({ answer_kind: 'extractive' });
    expect(first.support_message).toBeUndefined();
    const second = firstRow(await ask({ message: 'What do I descale the kettle with?', session_id: first.session_id }));
    expect(second).toMatchObject({ answer_kind: 'extractive', support_message: CHAT_TEXTS.supportMessage });
    // Once: the next answers do without it.
    const third = firstRow(await ask({ message: 'How often should I descale it?', session_id: first.session_id }));
    expect(third).toMatchObject({ answer_kind: 'extractive' });
    expect(third.support_message).toBeUndefined();
    // An answer that does not know offers the help-request form itself: the support message would offer it again.
    await admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 1 } });
    const declined = firstRow(await ask({ message: 'Do you ship zeppelins to Mongolia?' }));
    expect(declined.answer_kind).toBe('unknown');
    expect(declined.support_message).toBeUndefined();
    // 0 offers it with the first answer.
    await admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 0 } });
    expect(firstRow(await ask({ message: 'How often should I descale the kettle?' })).support_message).toBe(CHAT_TEXTS.supportMessage);
    await admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 3 } });
  });
});

describe('corrections', () => {
  it('answers with an approved correction whose question matches, over the documents, with its text made safe', async () => {
    await addDocument(admin, {
      name: 'delivery.txt',
      bytes: 'Delivery\n\nWe deliver to every address in the country, including P.O. boxes, within three days.',
      title: 'Delivery',
      sourceUrl: 'https://shop.example.com/delivery',
    });
    await runAllJobs(testApp);
    const documentAnswer = firstRow(await ask({ message: 'Can you deliver to my P.O. box?' }));
    expect(documentAnswer.answer_kind).toBe('extractive');
    const builtFrom = (historyId: unknown) =>
      sqlRows<{ position: number; document_id: number | null; inform_the_bot_id: number | null; title: string; excerpt: string; relevance: number }>(
        testApp.db,
        sql`SELECT position, document_id, inform_the_bot_id, title, excerpt, relevance FROM answer_sources WHERE history_id = ${Number(historyId)} ORDER BY position`,
      );
    const [quoted, ...more] = await builtFrom(documentAnswer.history_id);
    expect(more).toEqual([]);
    expect(quoted).toMatchObject({ position: 0, inform_the_bot_id: null, title: 'Delivery', excerpt: expect.stringContaining('including P.O. boxes, within three days.') });
    expect(quoted?.document_id).toEqual(expect.any(Number));
    expect(quoted?.relevance).toBeGreaterThan(0);

    const { user } = await testApp.signedInClient('admin', { name: 'Carla Corrector' });
    const [correction] = await createInformTheBotItems(testApp.db, [
      {
        author: { id: user.id, name: user.name },
        content: 'No, we do not deliver to P.O. boxes. <script>alert(1)</script><a href="javascript:alert(1)">see</a>',
        type: 'correction',
        question: 'Can you deliver to my P.O. box?',
      },
    ]);
    expect((await admin.post(`/api/inform-the-bot/approve/${correction?.id}`, {})).status).toBe(200);

    const answer = firstRow(await ask({ message: 'can you deliver to my PO box' }));
    expect(answer.answer_kind).toBe('correction');
    expect(await builtFrom(answer.history_id)).toEqual([
      expect.objectContaining({ position: 0, document_id: null, inform_the_bot_id: correction?.id, title: 'Inform the Bot', excerpt: expect.stringContaining('No, we do not deliver to P.O. boxes.') }),
    ]);
    expect(answer.answer).toBe('<p>No, we do not deliver to P.O. boxes. &lt;script&gt;alert(1)&lt;/script&gt;&lt;a href="javascript:alert(1)"&gt;see&lt;/a&gt;</p>');
    expect(firstRow(await ask({ message: 'Do you deliver within three days?' })).answer_kind).toBe('extractive');
  });
});

describe('HTML and script in every field', () => {
  it('stores the visitor message as text and only sanitised HTML as the answer', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const answer = firstRow(
      await ask({ message: `Hello ${script}`, origin: 'https://shop.example.com/?q=<script>', account: { email: script, primary_id: script } }),
    );
    expect(String(answer.answer)).not.toMatch(/<script|onerror|<img/);
    const [row] = (await admin.get(`/api/history/${encodeURIComponent(String(answer.session_id))}`)).body.data?.rows ?? [];
    expect(row?.user_message).toBe(`Hello ${script}`);
    expect(row?.api_response).toBe(answer.answer);
    expect(JSON.parse(String(row?.account))).toEqual({ email: script, primary_id: script });
  });
});

describe('API reference', () => {
  it('documents the chat calls with their request bodies at /api/docs/json', async () => {
    const answer = await testApp.client().get<{ paths: Record<string, { post?: { requestBody?: unknown }; get?: unknown }> }>('/api/docs/json');
    expect(answer.status).toBe(200);
    for (const path of ['/api/chat/ask', '/api/chat/feedback', '/api/chat/help-request']) {
      expect(answer.body.paths[path]?.post?.requestBody).toBeDefined();
    }
    expect(answer.body.paths['/api/chat/fun-facts']?.get).toBeDefined();
  });
});
