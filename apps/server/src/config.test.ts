import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('readConfig', () => {
  it('has defaults that serve on port 3000 from ./data', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.assistantName).toBe('Steward');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.initialAdmin).toEqual({ email: 'admin@localhost', password: undefined, name: 'Administrator' });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT: /],
    [{ PORT: '70000' }, /^Invalid PORT: must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL: must be a URL starting with postgres:/],
    [{ PUBLIC_URL: 'localhost:3000' }, /^Invalid PUBLIC_URL/],
    [{ BOT_API_KEY: 'short' }, /^Invalid BOT_API_KEY: must be at least 16 characters/],
    [{ LOGIN_EMAIL_CHECK: 'maybe' }, /^Invalid LOGIN_EMAIL_CHECK/],
    [{ STEWARD_ADMIN_PASSWORD: 'Secret-123' }, /^Invalid STEWARD_ADMIN_PASSWORD: it needs STEWARD_ADMIN_EMAIL/],
    [{ STEWARD_ADMIN_EMAIL: 'not-an-email' }, /^Invalid STEWARD_ADMIN_EMAIL/],
  ])('stops on %j with one line naming the variable', (environment, message) => {
    expect(() => readConfig(environment)).toThrow(ConfigError);
    expect(() => readConfig(environment)).toThrow(message);
  });

  it('builds mail links and cookie security from PUBLIC_URL', () => {
    const config = readConfig({ PUBLIC_URL: 'https://dash.example.com/', STEWARD_ADMIN_EMAIL: 'Boss@Example.com', STEWARD_ADMIN_PASSWORD: 'Secret-123' });
    expect(config.publicUrl).toBe('https://dash.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.initialAdmin).toEqual({ email: 'boss@example.com', password: 'Secret-123', name: 'Administrator' });
  });
});
