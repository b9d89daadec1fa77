import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_APPEARANCE_MESSAGES } from '@steward/contract/bot-appearance';
import { CHAT_TEXTS, WIDGET_APPEARANCE_DEFAULTS } from '@steward/contract/chat-constants';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SAVED_SITE = 'https://saved-site.example.org';
const ENV_SITE = 'https://env-site.example.com';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: ENV_SITE });
});
afterAll(() => testApp.close());

const appearance = (overrides: Record<string, unknown> = {}) => ({
  title: 'Ask the shop',
  greeting: 'Hello! Ask about orders and returns.',
  accent_color: '#7A2E9C',
  suggested_questions: ['  How long do refunds take? ', '', 'How long do refunds take?', 'Do you ship abroad?'],
  dont_know_text: 'We could not find that in our help pages. Ask our team below.',
  allowed_sites: [`${SAVED_SITE}/some/page?x=1`, ' '],
  ...overrides,
});

describe('GET and POST /api/bot-appearance', () => {
  it('answers the defaults before anything is saved, with the environment origins and PUBLIC_URL', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get('/api/bot-appearance');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toEqual({
      ...WIDGET_APPEARANCE_DEFAULTS,
      dont_know_text: '',
      allowed_sites: [],
      environment_origins: ['http://127.0.0.1:3000', ENV_SITE],
      public_url: 'http://127.0.0.1:3000',
    });
  });

  it('saves the look trimmed and deduplicated, sites as origins, and the widget and the chat use it', async () => {
    const { client } = await testApp.signedInClient('admin');
    const saved = await client.post('/api/bot-appearance', { appearance: appearance() });
    expect(saved.status).toBe(200);
    const read = (await client.get('/api/bot-appearance')).body.data?.rows[0];
    expect(read).toMatchObject({
      title: 'Ask the shop',
      accent_color: '#7a2e9c',
      suggested_questions: ['How long do refunds take?', 'Do you ship abroad?'],
      allowed_sites: [SAVED_SITE],
    });

    // The widget's public call: the look only, never the allowed sites or the "don't know" text.
    const widget = await chatCall(testApp, 'GET', '/api/chat/appearance', { origin: null });
    expect(firstRow(widget)).toEqual({
      title: 'Ask the shop',
      greeting: 'Hello! Ask about orders and returns.',
      accent_color: '#7a2e9c',
      suggested_questions: ['How long do refunds take?', 'Do you ship abroad?'],
    });

    // A page of the saved site may now use the chat; the environment's site still may; others may not.
    for (const origin of [SAVED_SITE, ENV_SITE]) {
      const allowed = await chatCall(testApp, 'GET', '/api/chat/appearance', { origin });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const refused = await chatCall(testApp, 'GET', '/api/chat/appearance', { origin: 'https://other.example.net' });
    expect(refused.status).toBe(403);

    // A question nothing answers gets the saved "don't know" text.
    const unknown = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Do you sell zeppelins on Mars?' }, origin: null }));
    expect(unknown.answer_kind).toBe('unknown');
    expect(unknown.answer).toBe('<p>We could not find that in our help pages. Ask our team below.</p>');
  });

  it('falls back to the built-in "don\'t know" answer when the text is emptied', async () => {
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post('/api/bot-appearance', { appearance: appearance({ dont_know_text: '   ' }) })).status).toBe(200);
    const unknown = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'Do you sell zeppelins on Mars?' }, origin: null }));
    expect(unknown.answer).toBe(`<p>${CHAT_TEXTS.dontKnow}</p>`);
  });

  it.each([
    [{ title: ' ' }, BOT_APPEARANCE_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(61) }, BOT_APPEARANCE_MESSAGES.titleTooLong],
    [{ accent_color: 'red' }, BOT_APPEARANCE_MESSAGES.accentInvalid],
    [{ accent_color: '#12345' }, BOT_APPEARANCE_MESSAGES.accentInvalid],
    [{ suggested_questions: ['a', 'b', 'c', 'd', 'e'] }, BOT_APPEARANCE_MESSAGES.tooManyQuestions],
    [{ allowed_sites: ['javascript:alert(1)'] }, BOT_APPEARANCE_MESSAGES.siteInvalid],
    [{ allowed_sites: ['shop.example.com'] }, BOT_APPEARANCE_MESSAGES.siteInvalid],
    [{ dont_know_text: 'x'.repeat(501) }, BOT_APPEARANCE_MESSAGES.dontKnowTooLong],
  ])('refuses %j with its message and keeps what was saved', async (overrides, message) => {
    const { client } = await testApp.signedInClient('admin');
    const before = (await client.get('/api/bot-appearance')).body.data?.rows[0];
    const answer = await client.post('/api/bot-appearance', { appearance: appearance(overrides) });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
    expect((await client.get('/api/bot-appearance')).body.data?.rows[0]).toEqual(before);
  });

  it('refuses a viewer (no update_bot_settings)', async () => {
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.post('/api/bot-appearance', { appearance: appearance() })).status).toBe(403);
  });
});

describe('GET /api/getting-started', () => {
  it('counts what the first-run checklist needs', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const row = (await client.get('/api/getting-started')).body.data?.rows[0];
    expect(row).toMatchObject({ bot_api_key_configured: true, public_url: 'http://127.0.0.1:3000' });
    // The environment's site and the saved one; the dashboard's own origin is not counted.
    expect(row?.allowed_sites).toBe(2);
    expect(Number(row?.approvers)).toBeGreaterThanOrEqual(1);
    expect(typeof row?.conversations).toBe('number');
    expect(typeof row?.documents).toBe('number');
  });

  it('counts as approvers the staff who may approve information, viewers included (not only administrators)', async () => {
    const { client } = await testApp.signedInClient('admin');
    const approvers = async () => Number((await client.get('/api/getting-started')).body.data?.rows[0]?.approvers);
    const before = await approvers();
    await testApp.signedInClient('viewer');
    expect(await approvers()).toBe(before + 1);
  });
});
