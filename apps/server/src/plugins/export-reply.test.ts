import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import { sqlRows } from '../db/sql-rows.ts';
import type { ApiClient } from '../test/api-client.ts';
import { botPost } from '../test/bot-test-support.ts';
import { insertFeedback, insertHistory } from '../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { NOT_ALLOWED } from './access.ts';

/** The exports of issue 40 through the real HTTP stack: content, filters, CSV injection, capability, audit entry. */
let testApp: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
const FORMULA = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  testApp = await createTestApp();
  admin = (await testApp.signedInClient('admin')).client;
  viewer = (await testApp.signedInClient('viewer')).client;
  const hostile = await insertHistory(testApp.db, { time: new Date('2030-01-01T10:00:00Z'), country: 'DE', userMessage: FORMULA, apiResponse: '<p>+1 answer</p>' });
  await insertHistory(testApp.db, { time: new Date('2030-01-02T10:00:00Z'), country: 'FR', userMessage: 'Plain, "quoted" question\nwith a line break' });
  await insertFeedback(testApp.db, { history: hostile, rating: 'down', reason: ['@wrong'], time: new Date('2030-01-01T11:00:00Z') });
  const help = await botPost(testApp, '/api/bot/help-requests', {
    name: '-Mallory',
    email: 'mallory@example.com',
    message: '@SUM(1)',
    origin_url: 'https://shop.example.com/help',
    time: '2030-01-03T10:00:00Z',
  });
  expect(help.status).toBe(200);
});
afterAll(() => testApp.close());

/** The raw answer: an export is a file, not the JSON envelope. */
async function download(client: ApiClient, path: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: `steward_session=${client.sessionCookie ?? ''}`, [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value } });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const csvRecords = (text: string) => parse(text, { columns: true }) as Record<string, string>[];
const jsonLines = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('GET /api/export/history', () => {
  it('writes CSV with a header, every row quoted as needed, and formulas neutralised', async () => {
    const answer = await download(admin, '/api/export/history?format=csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="steward-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = csvRecords(answer.text);
    expect(records.map((record) => record.country)).toEqual(['FR', 'DE']);
    expect(records[0]?.user_message).toBe('Plain, "quoted" question\nwith a line break');
    expect(records[1]?.user_message).toBe(`'${FORMULA}`);
    expect(records[1]).toMatchObject({ rating: 'down', help_request: 'false', coverage_gap: 'false', time: '2030-01-01T10:00:00.000Z' });
  });

  it('writes JSON lines and honours the filters', async () => {
    const answer = await download(admin, '/api/export/history?format=jsonl&country=DE&rating=down');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = jsonLines(answer.text);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ user_message: FORMULA, country: 'DE', rating: 'down' });
  });

  it('exports every row of a list longer than one batch, once each, newest first', async () => {
    const bulkApp = await createTestApp();
    try {
      await bulkApp.db.execute(sql`INSERT INTO history (session_id, user_message, api_response, time)
        SELECT 's' || n, 'q' || n, 'a', to_timestamp(1924992000 + n) FROM generate_series(1, 1203) n`);
      const { client } = await bulkApp.signedInClient('admin');
      const lines = jsonLines((await download(client, '/api/export/history?format=jsonl')).text);
      expect(lines).toHaveLength(1203);
      expect(new Set(lines.map((line) => line.id)).size).toBe(1203);
      expect(lines[0]?.user_message).toBe('q1203');
    } finally {
      await bulkApp.close();
    }
  });

  it('refuses bad filters with 400 and a format it does not write', async () => {
    expect((await download(admin, '/api/export/history?country=Germany')).status).toBe(400);
    const format = await admin.get('/api/export/history?format=xlsx');
    expect(format.status).toBe(400);
    expect(format.body.error?.message).toBe('The format must be csv or jsonl.');
  });

  it('is refused to a viewer, who does not hold export_data, and leaves no audit entry', async () => {
    const before = await exportEntries();
    const answer = await viewer.get('/api/export/history?format=csv');
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toBe(NOT_ALLOWED);
    expect(await exportEntries()).toHaveLength(before.length);
  });
});

describe('the audit entry of an export', () => {
  it('records who exported which list, in which format, with which filters', async () => {
    await download(admin, '/api/export/feedback?format=csv&rating=down&country=DE');
    const [entry] = (await exportEntries()).slice(-1);
    expect(entry?.object_label).toBe('Feedback (CSV)');
    expect(entry?.actor_id).not.toBeNull();
    expect(entry?.details).toMatchObject({ list: 'feedback', format: 'csv' });
    expect(JSON.parse(String(entry?.details.filters))).toEqual({ rating: 'down', country: 'DE', tz: 0 });
  });
});

describe('GET /api/export/feedback, /help-requests and /audit-log', () => {
  it('exports feedback under its tab and filters, the reason neutralised', async () => {
    const records = csvRecords((await download(admin, '/api/export/feedback?format=csv&rating=down')).text);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ rating: 'down', user_message: `'${FORMULA}`, reason: '["@wrong"]' });
    expect(csvRecords((await download(admin, '/api/export/feedback?format=csv&rating=up')).text)).toEqual([]);
  });

  it('exports help requests under their tab and filters, names and messages neutralised', async () => {
    const records = csvRecords((await download(admin, '/api/export/help-requests?status=pending&origin=https://shop.example.com')).text);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: "'-Mallory", message: "'@SUM(1)", status: 'pending' });
    expect((await download(admin, '/api/export/help-requests?format=jsonl&status=resolved')).text).toBe('');
    expect((await admin.get('/api/export/help-requests?status=open')).status).toBe(400);
  });

  it('exports the audit log under its filters, including the exports themselves', async () => {
    const lines = jsonLines((await download(admin, '/api/export/audit-log?format=jsonl&action=data_exported')).text);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.action === 'data_exported')).toBe(true);
    expect((await admin.get('/api/export/audit-log?action=nothing')).status).toBe(400);
    expect((await viewer.get('/api/export/audit-log')).status).toBe(403);
  });
});

async function exportEntries() {
  return sqlRows<{ actor_id: number | null; object_label: string; details: Record<string, unknown> }>(
    testApp.db,
    sql`SELECT actor_id, object_label, details FROM audit_log WHERE action = 'data_exported' ORDER BY id`,
  );
}
