import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { botPost, newSessionId } from '../test/bot-test-support.ts';
import { countryOfIp, visitorCountry } from './country-lookup.ts';

describe('countryOfIp (offline GeoIP database)', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['81.2.69.160', 'GB'],
    ['2001:4860:4860::8888', 'US'],
    ['::ffff:8.8.8.8', 'US'],
  ])('finds the country of %s', async (ip, country) => {
    expect(countryOfIp(ip)).toBe(country);
  });

  it.each([['127.0.0.1'], ['10.1.2.3'], ['192.168.0.1'], ['not-an-ip'], [''], [undefined]])('leaves %s unknown', async (ip) => {
    expect(countryOfIp(ip)).toBe('');
  });

  it('prefers the country the bot sent', async () => {
    expect(visitorCountry({ country: 'JP', user_ip: '8.8.8.8' })).toBe('JP');
    expect(visitorCountry({ country: '', user_ip: '8.8.8.8' })).toBe('US');
  });
});

describe('country derivation through the bot API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const countryOfHistory = async (id: unknown) =>
    (await sqlRows<{ country: string }>(testApp.db, sql`SELECT country FROM history WHERE id = ${id as number}`))[0]?.country;

  it('derives the country from user_ip when absent, keeps it when sent, and leaves unknown empty', async () => {
    const post = (extra: Record<string, unknown>) =>
      botPost(testApp, '/api/bot/messages', { session_id: newSessionId(), user_message: 'q', api_response: 'a', ...extra });
    const derived = await post({ user_ip: '81.2.69.160' });
    const sent = await post({ user_ip: '81.2.69.160', country: 'nl' });
    const privateAddress = await post({ user_ip: '192.168.1.20' });
    const noAddress = await post({});
    expect(await countryOfHistory(derived.body.data?.rows[0]?.id)).toBe('GB');
    expect(await countryOfHistory(sent.body.data?.rows[0]?.id)).toBe('NL');
    expect(await countryOfHistory(privateAddress.body.data?.rows[0]?.id)).toBe('');
    expect(await countryOfHistory(noAddress.body.data?.rows[0]?.id)).toBe('');
  });

  it('derives it for feedback and help requests too', async () => {
    const message = await botPost(testApp, '/api/bot/messages', { session_id: newSessionId(), user_message: 'q', api_response: 'a' });
    const feedback = await botPost(testApp, '/api/bot/feedback', {
      history_id: message.body.data?.rows[0]?.id,
      rating: 'up',
      user_ip: '8.8.8.8',
    });
    const help = await botPost(testApp, '/api/bot/help-requests', { name: 'N', email: 'n@example.com', message: 'm', user_ip: '8.8.8.8' });
    const [feedbackRow] = await sqlRows<{ country: string }>(testApp.db, sql`SELECT country FROM feedback WHERE id = ${feedback.body.data?.rows[0]?.id as number}`);
    const [helpRow] = await sqlRows<{ country: string }>(testApp.db, sql`SELECT country FROM help_requests WHERE id = ${help.body.data?.rows[0]?.id as number}`);
    expect(feedbackRow?.country).toBe('US');
    expect(helpRow?.country).toBe('US');
  });
});
