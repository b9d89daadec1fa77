import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { botPost, counters, freshHour, newSessionId, rollupAt } from '../../test/bot-test-support.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const message = (overrides: Record<string, unknown> = {}) => ({
  session_id: newSessionId(),
  user_message: 'How do I reset the router?',
  api_response: '<p>Hold the button for <b>10 seconds</b>.</p>',
  ...overrides,
});

const hourIso = (time: Date): string => {
  const hour = new Date(time);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
};

describe('bot API key', () => {
  it('refuses a call without the key, with a wrong key, and with a non-Bearer header', async () => {
    const before = await counters(testApp.db);
    const missing = await testApp.client().post('/api/bot/messages', message());
    const wrong = await botPost(testApp, '/api/bot/messages', message(), 'not-the-key-at-all-0000');
    const basic = await testApp.client().request('POST', '/api/bot/messages', message(), { authorization: 'Basic abc' });
    for (const answer of [missing, wrong, basic]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error?.message).toBe('A valid bot API key is required (Authorization: Bearer <BOT_API_KEY>).');
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(await counters(testApp.db)).toEqual(before);
  });

  it('refuses a signed-in staff member without the key', async () => {
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post('/api/bot/help-requests', { name: 'A', email: 'a@example.com', message: 'Hi' })).status).toBe(401);
  });

  it('answers 503 with a clear message when BOT_API_KEY is not set', async () => {
    const switchedOff = await createTestApp({ BOT_API_KEY: '' });
    try {
      const answer = await botPost(switchedOff, '/api/bot/messages', message());
      expect(answer.status).toBe(503);
      expect(answer.body.error?.message).toBe('The bot API is switched off: set BOT_API_KEY on the Steward server to enable it.');
    } finally {
      await switchedOff.close();
    }
  });

  it('is not subject to the browser CSRF rule (server-to-server, cross-site headers)', async () => {
    const answer = await botPost(testApp, '/api/bot/messages', message());
    expect(answer.status).toBe(200);
    const crossSite = await testApp
      .client()
      .request('POST', '/api/bot/messages', message(), { authorization: 'Bearer test-bot-api-key-0123456789abcdef', origin: 'https://bot.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(200);
  });
});

describe('POST /api/bot/messages', () => {
  it('stores every field and answers id, session_id and time', async () => {
    const sessionId = newSessionId();
    const sourceDocs = ['https://docs.example.com/a.pdf', { metadata: { filename: 'manual.pdf', source_url: 'https://docs.example.com/manual.pdf' } }];
    const answer = await botPost(testApp, '/api/bot/messages', {
      session_id: sessionId,
      user_message: 'Where is the manual?',
      api_response: '<p>Here.</p>',
      source_docs: sourceDocs,
      origin: 'https://shop.example.com/help',
      account: { primary_id: 'cust-1', secondary_id: 'acct-2', email: 'visitor@example.com' },
      user_ip: '81.2.69.160',
      country: 'de',
      time: '2026-03-04T05:06:07.000+02:00',
    });
    expect(answer.status).toBe(200);
    const row = answer.body.data?.rows[0];
    expect(row).toEqual({ id: expect.any(Number), session_id: sessionId, time: '2026-03-04T03:06:07.000Z' });
    const [stored] = await sqlRows<Record<string, unknown>>(testApp.db, sql`SELECT * FROM history WHERE id = ${row?.id as number}`);
    expect(stored).toMatchObject({
      session_id: sessionId,
      user_message: 'Where is the manual?',
      api_response: '<p>Here.</p>',
      source_docs: sourceDocs,
      origin: 'https://shop.example.com/help',
      account: { primary_id: 'cust-1', secondary_id: 'acct-2', email: 'visitor@example.com' },
      country: 'DE',
      user_ip: '81.2.69.160',
    });
  });

  it('defaults the time to now, and stores absent optional fields as empty', async () => {
    const before = Date.now();
    const answer = await botPost(testApp, '/api/bot/messages', message({ account: null }));
    const time = Date.parse(String(answer.body.data?.rows[0]?.time));
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
    const [stored] = await sqlRows<Record<string, unknown>>(testApp.db, sql`SELECT * FROM history WHERE id = ${answer.body.data?.rows[0]?.id as number}`);
    expect(stored).toMatchObject({ source_docs: [], origin: null, account: null, country: '', user_ip: '' });
  });

  it('counts a new session once, and every message as a question, in the hour it happened', async () => {
    const sessionId = newSessionId();
    const hour = freshHour();
    const before = await counters(testApp.db);
    for (const minute of [5, 10, 20]) {
      const time = new Date(hour.getTime() + minute * 60_000).toISOString();
      expect((await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, time }))).status).toBe(200);
    }
    const after = await counters(testApp.db);
    expect(after.history).toBe((before.history ?? 0) + 3);
    expect(after.chat_sessions).toBe((before.chat_sessions ?? 0) + 1);
    expect(await rollupAt(testApp.db, hourIso(hour))).toEqual({ sessions: 1, questions: 3, up: 0, down: 0 });
    const [session] = await sqlRows<{ message_count: number; started_at: Date; last_message_at: Date }>(
      testApp.db,
      sql`SELECT message_count, started_at, last_message_at FROM chat_sessions WHERE session_id = ${sessionId}`,
    );
    expect(session?.message_count).toBe(3);
    expect(new Date(session?.started_at ?? 0).toISOString()).toBe(new Date(hour.getTime() + 5 * 60_000).toISOString());
    expect(new Date(session?.last_message_at ?? 0).toISOString()).toBe(new Date(hour.getTime() + 20 * 60_000).toISOString());
  });

  it('moves a session to the hour of an earlier message reported late', async () => {
    const sessionId = newSessionId();
    const laterHour = freshHour();
    const earlierHour = new Date(laterHour.getTime() - 3 * 3_600_000);
    await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, time: laterHour.toISOString() }));
    expect((await rollupAt(testApp.db, hourIso(laterHour))).sessions).toBe(1);

    await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, time: earlierHour.toISOString() }));
    expect(await rollupAt(testApp.db, hourIso(laterHour))).toEqual({ sessions: 0, questions: 1, up: 0, down: 0 });
    expect(await rollupAt(testApp.db, hourIso(earlierHour))).toEqual({ sessions: 1, questions: 1, up: 0, down: 0 });
    const [session] = await sqlRows<{ started_at: Date; last_message_at: Date }>(
      testApp.db,
      sql`SELECT started_at, last_message_at FROM chat_sessions WHERE session_id = ${sessionId}`,
    );
    expect(new Date(session?.started_at ?? 0).toISOString()).toBe(earlierHour.toISOString());
    expect(new Date(session?.last_message_at ?? 0).toISOString()).toBe(laterHour.toISOString());
  });

  it('moves a session to the quarter hour of an earlier message of the same hour reported late', async () => {
    const sessionId = newSessionId();
    const hour = freshHour();
    const sessionsByQuarter = async () =>
      (
        await sqlRows<{ sessions: number }>(
          testApp.db,
          sql`SELECT sessions FROM statistics_rollup_quarter WHERE quarter >= ${hourIso(hour)}::timestamptz AND quarter < ${hourIso(hour)}::timestamptz + interval '1 hour' ORDER BY quarter`,
        )
      ).map((row) => row.sessions);
    await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, time: new Date(hour.getTime() + 40 * 60_000).toISOString() }));
    expect(await sessionsByQuarter()).toEqual([1]);
    await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, time: new Date(hour.getTime() + 5 * 60_000).toISOString() }));
    // The quarter starting at :00 now holds the session; the one at :30 keeps its question only.
    expect(await sessionsByQuarter()).toEqual([1, 0]);
    expect(await rollupAt(testApp.db, hourIso(hour))).toEqual({ sessions: 1, questions: 2, up: 0, down: 0 });
  });

  it('counts a session once when its first messages arrive at the same moment', async () => {
    const sessionId = newSessionId();
    const hour = freshHour();
    const before = await counters(testApp.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, time: new Date(hour.getTime() + index * 1000).toISOString() })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const after = await counters(testApp.db);
    expect(after.chat_sessions).toBe((before.chat_sessions ?? 0) + 1);
    expect(after.history).toBe((before.history ?? 0) + 8);
    expect(await rollupAt(testApp.db, hourIso(hour))).toEqual({ sessions: 1, questions: 8, up: 0, down: 0 });
  });

  it('stores nothing and counts nothing when the message is refused', async () => {
    const before = await counters(testApp.db);
    const hour = freshHour();
    const answer = await botPost(testApp, '/api/bot/messages', message({ origin: 'javascript:alert(1)', time: hour.toISOString() }));
    expect(answer.status).toBe(400);
    expect(await counters(testApp.db)).toEqual(before);
    expect(await rollupAt(testApp.db, hourIso(hour))).toEqual({ sessions: 0, questions: 0, up: 0, down: 0 });
  });

  it('rolls back the row and the session when a later step of the transaction fails', async () => {
    const before = await counters(testApp.db);
    const sessionId = newSessionId();
    // A trigger that fails the statistics write: the history row and session written before it must vanish too.
    await testApp.db.execute(sql`CREATE FUNCTION fail_rollup() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'rollup down'; END $$ LANGUAGE plpgsql`);
    await testApp.db.execute(sql`CREATE TRIGGER fail_rollup BEFORE INSERT OR UPDATE ON statistics_rollup_quarter FOR EACH ROW EXECUTE FUNCTION fail_rollup()`);
    try {
      const answer = await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId }));
      expect(answer.status).toBe(500);
      expect(answer.body.error?.message).toBe('Internal Server Error');
    } finally {
      await testApp.db.execute(sql`DROP TRIGGER fail_rollup ON statistics_rollup_quarter`);
      await testApp.db.execute(sql`DROP FUNCTION fail_rollup()`);
    }
    expect(await counters(testApp.db)).toEqual(before);
    expect(await sqlRows(testApp.db, sql`SELECT 1 FROM history WHERE session_id = ${sessionId}`)).toEqual([]);
    expect(await sqlRows(testApp.db, sql`SELECT 1 FROM chat_sessions WHERE session_id = ${sessionId}`)).toEqual([]);
  });
});

describe('the answer HTML stored (issue 52)', () => {
  it('keeps the contract\'s allow-list only: no class, style, id, form, nor image of the dashboard\'s own API', async () => {
    const sessionId = newSessionId();
    const hostile =
      '<p>On its way.</p><img src="/api/logout" alt=""><img src="http://127.0.0.1:3000/api/export/history?format=csv" alt="">' +
      '<div class="modal d-block position-fixed" style="z-index:9999" id="root"><a class="btn" href="https://evil.example/sign-in">Sign in again</a></div>' +
      '<form action="https://evil.example/steal"><input name="password"></form><img src="https://cdn.example.net/box.png" alt="box">';
    expect((await botPost(testApp, '/api/bot/messages', message({ session_id: sessionId, api_response: hostile }))).status).toBe(200);
    const [row] = await sqlRows<{ api_response: string }>(testApp.db, sql`SELECT api_response FROM history WHERE session_id = ${sessionId}`);
    expect(row?.api_response).toBe(
      '<p>On its way.</p><span></span><span></span><div><a href="https://evil.example/sign-in" rel="noopener noreferrer nofollow" target="_blank">Sign in again</a></div><img src="https://cdn.example.net/box.png" alt="box" />',
    );
  });
});

describe('POST /api/bot/messages validation', () => {
  const long = (length: number) => 'x'.repeat(length);
  it.each([
    [{ session_id: undefined }, 'session_id', 'session_id is required.'],
    [{ session_id: 42 }, 'session_id', 'session_id must be a string.'],
    [{ session_id: '   ' }, 'session_id', 'session_id must not be empty.'],
    [{ session_id: long(201) }, 'session_id', 'session_id must be at most 200 characters long.'],
    [{ user_message: undefined }, 'user_message', 'user_message is required.'],
    [{ user_message: '' }, 'user_message', 'user_message must not be empty.'],
    [{ user_message: long(20_001) }, 'user_message', 'user_message must be at most 20000 characters long.'],
    [{ api_response: undefined }, 'api_response', 'api_response is required.'],
    [{ api_response: { html: 'x' } }, 'api_response', 'api_response must be a string (HTML).'],
    [{ source_docs: 'a.pdf' }, 'source_docs', 'source_docs must be a list.'],
    [{ source_docs: [42] }, 'source_docs', 'Each source_docs item must be a string or { metadata: { filename, source_url } } with an http(s) source_url.'],
    [{ source_docs: [{ metadata: { filename: 'a.pdf', source_url: 'javascript:alert(1)' } }] }, 'source_docs', 'source_docs[].metadata.source_url must be an absolute http:// or https:// URL.'],
    [{ source_docs: Array.from({ length: 51 }, () => 'a') }, 'source_docs', 'source_docs must hold at most 50 items.'],
    [{ origin: 'javascript:alert(1)' }, 'origin', 'origin must be an absolute http:// or https:// URL.'],
    [{ origin: '/relative/path' }, 'origin', 'origin must be an absolute http:// or https:// URL.'],
    [{ origin: 'ftp://files.example.com/' }, 'origin', 'origin must be an absolute http:// or https:// URL.'],
    [{ account: 'cust-1' }, 'account', 'account must be null or an object with primary_id, secondary_id and email strings.'],
    [{ account: { primary_id: 7 } }, 'account', 'account.primary_id must be a string.'],
    [{ user_ip: 'localhost' }, 'user_ip', 'user_ip must be an IPv4 or IPv6 address.'],
    [{ country: 'Germany' }, 'country', 'country must be a two-letter ISO 3166-1 country code such as "US".'],
    [{ time: '2026-03-04 05:06' }, 'time', 'time must be an ISO 8601 date and time with a time zone, such as "2026-05-01T14:30:00Z".'],
    [{ time: '2026-03-04T05:06:07' }, 'time', 'time must be an ISO 8601 date and time with a time zone, such as "2026-05-01T14:30:00Z".'],
    [{ time: 1700000000 }, 'time', 'time must be a string.'],
  ])('refuses case %# with a message under its field', async (overrides, field, text) => {
    const answer = await botPost(testApp, '/api/bot/messages', message(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: { message: text, field } });
  });

  it('refuses unknown fields, naming them', async () => {
    const answer = await botPost(testApp, '/api/bot/messages', message({ userMessage: 'typo', extra: 1 }));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('Unknown fields: userMessage, extra.');
  });

  it('refuses a body that is not an object, and malformed JSON', async () => {
    expect((await botPost(testApp, '/api/bot/messages', ['a'])).body.error?.message).toBe('The request body must be a JSON object.');
    const malformed = await testApp.client().request('POST', '/api/bot/messages', undefined, {
      authorization: 'Bearer test-bot-api-key-0123456789abcdef',
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
  });
});

describe('API reference', () => {
  it('documents the three bot calls with their request bodies at /api/docs/json', async () => {
    const answer = await testApp.client().get<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>('/api/docs/json');
    expect(answer.status).toBe(200);
    for (const path of ['/api/bot/messages', '/api/bot/feedback', '/api/bot/help-requests']) {
      expect(answer.body.paths[path]?.post?.requestBody).toBeDefined();
    }
  });
});
