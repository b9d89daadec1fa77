import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { startBanner } from './start-banner.ts';

describe('startBanner', () => {
  const config = readConfig({ ASSISTANT_NAME: 'Acme', BOT_API_KEY: 'a-key-of-sixteen-chars' });

  it('says where the dashboard is, who registers first and where, and what the logs say', () => {
    const banner = startBanner(config, 'http://localhost:3000', { email: 'admin@localhost.localdomain', registerLink: 'http://localhost:3000/register/abc' });
    expect(banner).toContain('Acme Owner Dashboard is running');
    expect(banner).toMatch(/Dashboard\s+http:\/\/localhost:3000\//);
    expect(banner).toContain('First administrator (admin@localhost.localdomain): open http://localhost:3000/register/abc (within 72 hours)');
    expect(banner).toMatch(/Try the bot\s+http:\/\/localhost:3000\/demo/);
    expect(banner).toContain('LOG_FORMAT=json');
    // One banner: a title, its rule, and one line per row.
    expect(banner.trim().split('\n')).toHaveLength(7);
  });

  it('names the administrator created from STEWARD_ADMIN_*, and says nothing of sign-in once staff exist', () => {
    expect(startBanner(config, 'http://localhost:3000', { email: 'boss@example.com' })).toMatch(/Sign in\s+boss@example\.com, with STEWARD_ADMIN_PASSWORD/);
    expect(startBanner(config, 'http://localhost:3000', undefined)).not.toContain('Sign in');
  });

  it('says how to turn the bot API on when BOT_API_KEY is unset', () => {
    expect(startBanner(readConfig({}), 'http://localhost:3000', undefined)).toContain('off: set BOT_API_KEY');
  });
});

describe('request logs (LOG_FORMAT)', () => {
  it('are off for a person at a terminal at info, on at debug, and always in JSON', async () => {
    const { requestLoggingOff } = await import('../app.ts');
    expect(requestLoggingOff(readConfig({ LOG_FORMAT: 'pretty' }))).toBe(true);
    expect(requestLoggingOff(readConfig({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }))).toBe(false);
    expect(requestLoggingOff(readConfig({ LOG_FORMAT: 'json' }))).toBe(false);
  });

  it('refuses an unknown LOG_FORMAT with one line naming it', () => {
    expect(() => readConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
