import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_MASKING_TEXTS } from '@steward/contract/personal-data';
import { buildApp, type StewardApp } from '../../app.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { hashedWordsEmbedder } from '../../test/hashed-words-embedder.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 58: masking visitors' personal data is a setting, off by default, changed only by holders of
// update_bot_settings, audited, and read on every request so every instance on the database follows it at once.
// What each call answers in either mode: test/security/personal-data-masking.test.ts.

const IP = '203.0.113.77';
const MASKED_IP = '203.0.113.•';

let testApp: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
let historyId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin } = await testApp.signedInClient('admin'));
  ({ client: viewer } = await testApp.signedInClient('viewer'));
  const message = await botPost(testApp, '/api/bot/messages', { session_id: newSessionId(), user_message: 'Where is my parcel?', api_response: 'On its way.', user_ip: IP });
  historyId = Number(message.body.data?.rows[0]?.id);
});
afterAll(() => testApp.close());

const maskingEntries = () =>
  sqlRows<{ actor_id: number | null; object_type: string; details: Record<string, unknown> }>(
    testApp.db,
    sql`SELECT actor_id, object_type, details FROM audit_log WHERE action = 'bot_settings_changed' AND details ? 'maskPersonalData' ORDER BY id`,
  );

/** The seeded exchange's address as a viewer's History page shows it. */
async function shownAddress(client: ApiClient): Promise<unknown> {
  const page = await client.get('/api/all-history/0');
  expect(page.status).toBe(200);
  return page.body.data?.rows.find((row) => row.id === historyId)?.user_ip;
}

describe('GET /api/personal-data/masking', () => {
  it('is off on a new install (no setting saved), and answers every staff member', async () => {
    const stored = await sqlRows<{ type: string }>(testApp.db, sql`SELECT type FROM bot_settings WHERE type = 'maskPersonalData'`);
    expect(stored).toEqual([]);
    const answer = await viewer.get('/api/personal-data/masking');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows).toEqual([{ masked: false }]);
    expect(await shownAddress(viewer)).toBe(IP);
  });
});

describe('POST /api/personal-data/masking', () => {
  it('refuses a viewer (403): nothing changes and nothing is recorded', async () => {
    const before = await maskingEntries();
    const refused = await viewer.post('/api/personal-data/masking', { masked: true });
    expect(refused.status).toBe(403);
    expect((await viewer.get('/api/personal-data/masking')).body.data?.rows).toEqual([{ masked: false }]);
    expect(await maskingEntries()).toEqual(before);
  });

  it.each([[{}], [{ masked: 'true' }], [{ masked: 1 }], [{ masked: null }], [{ masked: true, also: 1 }]])(
    'refuses %j with a clear 400, and changes nothing',
    async (body) => {
      const before = await maskingEntries();
      const answer = await admin.post('/api/personal-data/masking', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(PERSONAL_DATA_MASKING_TEXTS.invalid);
      expect((await admin.get('/api/personal-data/masking')).body.data?.rows).toEqual([{ masked: false }]);
      expect(await maskingEntries()).toEqual(before);
    },
  );

  it('lets an administrator turn it on and off, each change audited with its new state', async () => {
    const before = (await maskingEntries()).length;
    const on = await admin.post('/api/personal-data/masking', { masked: true });
    expect(on.status).toBe(200);
    expect(on.body.data?.rows).toEqual([{ masked: true }]);
    expect((await viewer.get('/api/personal-data/masking')).body.data?.rows).toEqual([{ masked: true }]);
    expect(await shownAddress(viewer)).toBe(MASKED_IP);

    expect((await admin.post('/api/personal-data/masking', { masked: false })).status).toBe(200);
    expect(await shownAddress(viewer)).toBe(IP);

    const entries = (await maskingEntries()).slice(before);
    expect(entries.map(({ object_type, details }) => ({ object_type, details }))).toEqual([
      { object_type: 'bot_settings', details: { maskPersonalData: true } },
      { object_type: 'bot_settings', details: { maskPersonalData: false } },
    ]);
    expect(entries.every((entry) => entry.actor_id !== null)).toBe(true);
  });
});

describe('several instances on one database', () => {
  let second: StewardApp;
  beforeAll(async () => {
    second = await buildApp({ config: testApp.config, database: testApp.database, embedder: hashedWordsEmbedder });
    await second.app.ready();
  });
  afterAll(async () => {
    await admin.post('/api/personal-data/masking', { masked: false });
    await second.app.close();
  });

  /** The exchange's address as the second instance answers the viewer (the session is in the shared database). */
  const secondShows = async (): Promise<unknown> => {
    const answer = await second.app.inject({ method: 'GET', url: '/api/all-history/0', headers: { cookie: `steward_session=${viewer.sessionCookie ?? ''}` } });
    expect(answer.statusCode).toBe(200);
    const rows = (answer.json() as { data: { rows: { id: number; user_ip: string }[] } }).data.rows;
    return rows.find((row) => row.id === historyId)?.user_ip;
  };

  it('each follows a change made through another at its next request', async () => {
    expect(await secondShows()).toBe(IP);
    expect((await admin.post('/api/personal-data/masking', { masked: true })).status).toBe(200);
    expect(await secondShows()).toBe(MASKED_IP);
    expect((await admin.post('/api/personal-data/masking', { masked: false })).status).toBe(200);
    expect(await secondShows()).toBe(IP);
  });
});
