import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_TEXTS } from '@steward/contract/insights';
import type { ApiClient } from '../../test/api-client.ts';
import { chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let admin: ApiClient;
let reviewer: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN });
  ({ client: admin } = await testApp.signedInClient('admin'));
  ({ client: reviewer } = await testApp.signedInClient('admin'));
  ({ client: viewer } = await testApp.signedInClient('viewer'));
  await addDocument(admin, {
    name: 'delivery.txt',
    bytes: 'Delivery\n\nWe deliver to every address in the country, including P.O. boxes, within three days.',
    title: 'Delivery',
    sourceUrl: 'https://shop.example.com/delivery',
  });
  await addDocument(admin, { name: 'warranty.txt', bytes: 'Warranty\n\nEvery kettle carries a two-year warranty.', title: 'Warranty', sourceUrl: 'https://shop.example.com/warranty' });
  await runAllJobs(testApp);
}, scaled(120_000));
afterAll(() => testApp.close());

const ask = async (message: string, sessionId?: unknown) =>
  firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message, ...(sessionId ? { session_id: sessionId } : {}) } }));
const rate = async (answer: Record<string, unknown>, rating: 'up' | 'down'): Promise<number> => {
  const rated = await chatCall(testApp, 'POST', '/api/chat/feedback', { body: { session_id: answer.session_id, history_id: answer.history_id, rating } });
  return Number(firstRow(rated).id);
};
const rowsOf = async (client: ApiClient, path: string) => {
  const answer = await client.get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data?.rows ?? [];
};

describe('GET /api/insights/coverage-gaps', () => {
  it('groups the questions the bot could not answer by meaning, with counts and first and last seen', async () => {
    const first = await ask('Do you ship zeppelins to Mongolia?');
    await ask('do you ship ZEPPELINS to mongolia', first.session_id);
    await ask('Can I pay with bitcoin?');
    await ask('Would you ship zeppelins to Mongolia?');
    expect(first.answer_kind).toBe('unknown');

    const [report] = await rowsOf(viewer, '/api/insights/coverage-gaps?days=7');
    expect(report).toMatchObject({ grouped_questions: 4, period_questions: 4 });
    const groups = report?.groups as { question: string; count: number; first_seen: string; last_seen: string; examples: string[] }[];
    expect(groups).toHaveLength(2);
    // The same words (case, punctuation) count once each time they were asked; another wording joins by meaning.
    expect(groups[0]).toMatchObject({ question: 'Would you ship zeppelins to Mongolia?', count: 3, examples: ['do you ship ZEPPELINS to mongolia'] });
    expect(Date.parse(groups[0]?.first_seen ?? '')).toBeLessThan(Date.parse(groups[0]?.last_seen ?? ''));
    expect(groups[1]).toMatchObject({ question: 'Can I pay with bitcoin?', count: 1 });
  });

  it('"Write a correction" saves a correction of the gap question that the chat then answers with', async () => {
    const saved = await admin.post('/api/inform-the-bot', { content: 'Yes, we accept bitcoin at checkout.', question: 'Can I pay with bitcoin?' });
    expect(saved.body.data?.rows[0]).toMatchObject({ type: 'correction', question: 'Can I pay with bitcoin?', status: 'pending' });
    expect((await reviewer.post(`/api/inform-the-bot/approve/${Number(saved.body.data?.rows[0]?.id)}`, {})).status).toBe(200);
    expect((await ask('can I pay with bitcoin')).answer_kind).toBe('correction');
    expect((await admin.post('/api/inform-the-bot', { content: 'Plain information.' })).body.data?.rows[0]).toMatchObject({ type: 'information', question: null });
    expect((await admin.post('/api/inform-the-bot', { content: 'x', question: '   ' })).status).toBe(400);
  });

  it('refuses a period it does not offer, and callers not signed in', async () => {
    const refused = await admin.get('/api/insights/coverage-gaps?days=5');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe('days must be one of 7, 30, 90.');
    expect((await testApp.client().get('/api/insights/coverage-gaps')).status).toBe(401);
  });
});

describe('document health and time to fix', () => {
  it('counts citations and ratings per document, and the time from a thumbs-down to its approved correction', async () => {
    const answered = await ask('Can you deliver to my P.O. box?');
    expect(answered.answer_kind).toBe('extractive');
    const feedbackId = await rate(answered, 'down');

    const health = await rowsOf(viewer, '/api/insights/document-health?days=30');
    expect(health).toEqual([
      expect.objectContaining({ title: 'Delivery', citations: 1, up: 0, down: 1, last_cited: expect.any(String) }),
      expect.objectContaining({ title: 'Warranty', citations: 0, up: 0, down: 0, last_cited: null }),
    ]);
    expect((await rowsOf(admin, '/api/insights/time-to-fix'))[0]).toEqual({ fixes: [], median_hours: null, up_share_before: null, up_share_after: null });

    const saved = await admin.post(`/api/feedback/${feedbackId}/correction`, { content: 'No, we do not deliver to P.O. boxes.' });
    const correctionId = Number(saved.body.data?.rows[0]?.id);
    expect((await reviewer.post(`/api/inform-the-bot/approve/${correctionId}`, {})).status).toBe(200);
    const corrected = await ask('can you deliver to my PO box');
    expect(corrected.answer_kind).toBe('correction');
    await rate(corrected, 'up');

    const [report] = await rowsOf(viewer, '/api/insights/time-to-fix?days=7');
    expect(report?.fixes).toEqual([
      expect.objectContaining({ feedback_id: feedbackId, correction_id: correctionId, question: 'Can you deliver to my P.O. box?', ratings_before: 1, up_before: 0, ratings_after: 1, up_after: 1 }),
    ]);
    expect(report?.median_hours).toEqual(expect.any(Number));
    expect(report).toMatchObject({ up_share_before: 0, up_share_after: 1 });
  });

  it('validates the period', async () => {
    for (const path of ['/api/insights/document-health?days=abc', '/api/insights/time-to-fix?days=365']) {
      expect((await admin.get(path)).status).toBe(400);
    }
  });
});

describe('GET /api/insights/support-preview', () => {
  it('counts the last 30 days of sessions that would have shown the support message at a candidate threshold', async () => {
    const [everyone] = await rowsOf(admin, '/api/insights/support-preview?threshold=0');
    const total = Number(everyone?.sessions_total);
    expect(everyone?.sessions_reached).toBe(total);
    expect(total).toBeGreaterThanOrEqual(4);
    // Only the zeppelin session asked twice.
    expect((await rowsOf(admin, '/api/insights/support-preview?threshold=2'))[0]).toEqual({ threshold: 2, sessions_reached: 1, sessions_total: total });
    expect(INSIGHTS_TEXTS.supportPreview(1, total, 30)).toContain('of the last 30 days');
  });

  it('refuses values out of range and staff who may not change the settings', async () => {
    for (const value of ['-1', '1.5', 'many', '1001']) {
      expect((await admin.get(`/api/insights/support-preview?threshold=${value}`)).status).toBe(400);
    }
    expect((await viewer.get('/api/insights/support-preview?threshold=3')).status).toBe(403);
    expect((await testApp.client().get('/api/insights/support-preview?threshold=3')).status).toBe(401);
  });
});
