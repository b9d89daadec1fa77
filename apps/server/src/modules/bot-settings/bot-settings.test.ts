import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_SETTINGS_MESSAGES } from '@steward/contract/bot-settings';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const settingsOf = (rows: Record<string, unknown>[] | undefined) =>
  Object.fromEntries((rows ?? []).map((row) => [row.type, row.value]));

describe('GET /api/bot-settings', () => {
  it('answers only the public threshold without cookies, for the chatbot', async () => {
    const answer = await testApp.client().get('/api/bot-settings');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows).toEqual([{ type: 'supportMessageThreshold', value: expect.stringMatching(/^\d+$/) }]);
  });

  it('keeps the notification emails from a viewer without update_bot_settings', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get('/api/bot-settings');
    expect(answer.body.data?.rows.map((row) => row.type)).toEqual(['supportMessageThreshold']);
  });

  it('gives a holder of update_bot_settings the emails too', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/bot-settings', { settings: { helpRequestEmails: ['ops@example.com'] } });
    const answer = await client.get('/api/bot-settings');
    expect(settingsOf(answer.body.data?.rows)).toMatchObject({ helpRequestEmails: '["ops@example.com"]' });
  });
});

describe('POST /api/bot-settings', () => {
  it.each([0, 7, 1000])('saves the threshold %d, which the chatbot then reads', async (threshold) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/bot-settings', { settings: { supportMessageThreshold: threshold } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(settingsOf((await testApp.client().get('/api/bot-settings')).body.data?.rows)).toEqual({
      supportMessageThreshold: String(threshold),
    });
  });

  it.each([[-1], [1001], [1e12], [2.5], ['abc'], ['5'], [null], [Number.NaN]])(
    'refuses the threshold %j with a clear 400',
    async (threshold) => {
      const { client } = await testApp.signedInClient('admin');
      const answer = await client.post('/api/bot-settings', { settings: { supportMessageThreshold: threshold } });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(BOT_SETTINGS_MESSAGES.thresholdInvalid);
    },
  );

  it('drops empty and repeated emails and keeps the rest', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/bot-settings', {
      settings: { helpRequestEmails: ['a@example.com', '  ', '', ' b@example.com ', 'A@example.com'] },
    });
    expect(answer.status).toBe(200);
    const [row] = await sqlRows<{ value: string }>(testApp.db, sql`SELECT value FROM bot_settings WHERE type = 'helpRequestEmails'`);
    expect(JSON.parse(row?.value ?? '')).toEqual(['a@example.com', 'b@example.com']);
  });

  it.each([[['not an email']], [['a@example.com\r\nBcc: x@example.com']], ['a@example.com'], [[42]]])(
    'refuses the emails %j',
    async (emails) => {
      const { client } = await testApp.signedInClient('admin');
      const answer = await client.post('/api/bot-settings', { settings: { helpRequestEmails: emails } });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(BOT_SETTINGS_MESSAGES.emailsInvalid);
    },
  );

  it('refuses an empty settings object', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/bot-settings', { settings: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(BOT_SETTINGS_MESSAGES.nothingToSave);
  });

  it('refuses a viewer, who has no update_bot_settings, and a visitor', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const threshold = await client.post('/api/bot-settings', { settings: { supportMessageThreshold: 9 } });
    expect(threshold.status).toBe(403);
    const emails = await client.post('/api/bot-settings', { settings: { helpRequestEmails: ['me@example.com'] } });
    expect(emails.status).toBe(403);
    expect((await testApp.client().post('/api/bot-settings', { settings: { supportMessageThreshold: 9 } })).status).toBe(401);
  });
});

describe('fun facts', () => {
  it('adds several, answering one result with rows per fact, and lists them', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/fun-facts/new', {
      funFacts: [
        { fact: 'honey never spoils', url: 'https://example.com/honey' },
        { fact: ' octopuses have three hearts ', url: 'http://example.com/octopus' },
      ],
    });
    expect(answer.status).toBe(200);
    const results = answer.body.data as unknown as { rows: { id: number; fact: string; url: string }[] }[];
    expect(results).toHaveLength(2);
    expect(results[1]?.rows[0]).toMatchObject({ fact: 'octopuses have three hearts', url: 'http://example.com/octopus' });
    const { client: viewer } = await testApp.signedInClient('viewer');
    const listed = await viewer.get('/api/fun-facts');
    expect(listed.body.data?.rows).toEqual(expect.arrayContaining([{ id: results[0]?.rows[0]?.id, fact: 'honey never spoils', url: 'https://example.com/honey' }]));
  });

  it.each([
    [[{ fact: '', url: 'https://example.com' }], BOT_SETTINGS_MESSAGES.factsRequired],
    [[{ fact: 'a', url: 'https://example.com' }, { fact: '  ', url: 'https://example.com' }], BOT_SETTINGS_MESSAGES.factsRequired],
    [[{ fact: 'a', url: 'javascript:alert(1)' }], BOT_SETTINGS_MESSAGES.urlsInvalid],
    [[{ fact: 'a', url: 'not a url' }], BOT_SETTINGS_MESSAGES.urlsInvalid],
    [[{ fact: 'a', url: '' }], BOT_SETTINGS_MESSAGES.urlsInvalid],
    [[], BOT_SETTINGS_MESSAGES.factsRequired],
  ])('refuses new facts %j with the spec message', async (funFacts, message) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/fun-facts/new', { funFacts });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
  });

  it('edits a fact, with the edit messages', async () => {
    const { client } = await testApp.signedInClient('admin');
    const added = await client.post('/api/fun-facts/new', { funFacts: [{ fact: 'old', url: 'https://example.com/old' }] });
    const id = (added.body.data as unknown as { rows: { id: number }[] }[])[0]?.rows[0]?.id;
    const edited = await client.post(`/api/fun-facts/edit/${id}`, { funFact: { fact: 'new', url: 'https://example.com/new' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data?.rows[0]).toEqual({ id, fact: 'new', url: 'https://example.com/new' });
    const blank = await client.post(`/api/fun-facts/edit/${id}`, { funFact: { fact: ' ', url: 'https://example.com' } });
    expect(blank.body.error?.message).toBe(BOT_SETTINGS_MESSAGES.factRequired);
    const script = await client.post(`/api/fun-facts/edit/${id}`, { funFact: { fact: 'x', url: 'javascript:alert(1)' } });
    expect(script.status).toBe(400);
    expect(script.body.error?.message).toBe(BOT_SETTINGS_MESSAGES.urlInvalid);
    const missing = await client.post('/api/fun-facts/edit/999999', { funFact: { fact: 'x', url: 'https://example.com' } });
    expect(missing.status).toBe(404);
  });

  it('deletes a fact', async () => {
    const { client } = await testApp.signedInClient('admin');
    const added = await client.post('/api/fun-facts/new', { funFacts: [{ fact: 'gone soon', url: 'https://example.com' }] });
    const id = (added.body.data as unknown as { rows: { id: number }[] }[])[0]?.rows[0]?.id;
    expect((await client.post(`/api/fun-facts/delete/${id}`)).body).toEqual({ success: true });
    expect((await client.get('/api/fun-facts')).body.data?.rows.some((row) => row.id === id)).toBe(false);
    expect((await client.post(`/api/fun-facts/delete/${id}`)).status).toBe(404);
  });

  it('refuses a viewer every change, and a visitor the list', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    const added = await admin.post('/api/fun-facts/new', { funFacts: [{ fact: 'kept', url: 'https://example.com' }] });
    const id = (added.body.data as unknown as { rows: { id: number }[] }[])[0]?.rows[0]?.id;
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.post('/api/fun-facts/new', { funFacts: [{ fact: 'x', url: 'https://example.com' }] })).status).toBe(403);
    expect((await client.post(`/api/fun-facts/edit/${id}`, { funFact: { fact: 'x', url: 'https://example.com' } })).status).toBe(403);
    expect((await client.post(`/api/fun-facts/delete/${id}`)).status).toBe(403);
    expect((await testApp.client().get('/api/fun-facts')).status).toBe(401);
  });
});
