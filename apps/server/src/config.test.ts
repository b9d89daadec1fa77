import { describe, expect, it } from 'vitest';
import { SIMPLE_EMAIL_PATTERN } from '@steward/contract/auth';
import { ConfigError, defaultAdminEmail, readConfig } from './config.ts';

describe('readConfig', () => {
  it('has defaults that serve on port 3000 from ./data', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.assistantName).toBe('Steward');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.initialAdmin).toEqual({ email: 'admin@localhost.localdomain', password: undefined, name: 'Administrator' });
    expect(config.embeddings).toBeUndefined();
    expect(config.uploadMaxMb).toBe(100);
    expect(config.allowPrivateUrls).toBe(false);
    expect(config.auditRetentionDays).toBe(365);
  });

  it('names the first administrator admin@ the dashboard\'s host, an address the login form accepts', () => {
    expect(defaultAdminEmail('https://dash.example.com')).toBe('admin@dash.example.com');
    expect(defaultAdminEmail('http://localhost:3000')).toBe('admin@localhost.localdomain');
    expect(defaultAdminEmail('http://intranet:8080')).toBe('admin@intranet.localdomain');
    for (const url of ['http://localhost:3000', 'http://intranet', 'http://[::1]:3000', 'http://10.0.0.5']) {
      expect(defaultAdminEmail(url), url).toMatch(SIMPLE_EMAIL_PATTERN);
    }
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
    [{ EMBEDDINGS_BASE_URL: 'ftp://models' }, /^Invalid EMBEDDINGS_BASE_URL: must be a URL starting with http:/],
    [{ EMBEDDINGS_BASE_URL: 'http://models:8080/v1' }, /^Invalid EMBEDDINGS_BASE_URL: it needs EMBEDDINGS_MODEL too/],
    [{ EMBEDDINGS_API_KEY: 'sk-123' }, /^Invalid EMBEDDINGS_API_KEY: it needs EMBEDDINGS_BASE_URL too/],
    [{ UPLOAD_MAX_MB: '0' }, /^Invalid UPLOAD_MAX_MB: must be between 1 and 4096/],
    [{ UPLOAD_MAX_MB: 'lots' }, /^Invalid UPLOAD_MAX_MB: /],
    [{ ALLOW_PRIVATE_URLS: 'yes' }, /^Invalid ALLOW_PRIVATE_URLS/],
    [{ AUDIT_RETENTION_DAYS: '0' }, /^Invalid AUDIT_RETENTION_DAYS: must be at least 1/],
    [{ AUDIT_RETENTION_DAYS: '30.5' }, /^Invalid AUDIT_RETENTION_DAYS: must be a whole number of days/],
    [{ AUDIT_RETENTION_DAYS: 'forever' }, /^Invalid AUDIT_RETENTION_DAYS: /],
    [{ BOT_ALLOWED_ORIGINS: 'https://shop.example.com/page' }, /^Invalid BOT_ALLOWED_ORIGINS: must be comma-separated origins/],
    [{ BOT_ALLOWED_ORIGINS: 'shop.example.com' }, /^Invalid BOT_ALLOWED_ORIGINS/],
    [{ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }, /^Invalid LLM_BASE_URL: it needs LLM_MODEL too/],
    [{ LLM_API_KEY: 'sk-123' }, /^Invalid LLM_API_KEY: it needs LLM_BASE_URL too/],
    [{ LLM_TIMEOUT_MS: '10' }, /^Invalid LLM_TIMEOUT_MS: must be between 1000 and 600000/],
    [{ CHAT_RATE_LIMIT_PER_IP: '0' }, /^Invalid CHAT_RATE_LIMIT_PER_IP: must be between 1 and 100000/],
    [{ CHAT_RATE_LIMIT_PER_SESSION: 'many' }, /^Invalid CHAT_RATE_LIMIT_PER_SESSION/],
    [{ STEWARD_SECRETS_KEY: 'too-short-a-key' }, /^Invalid STEWARD_SECRETS_KEY: must be 32 bytes, as 64 hex digits or in base64 .*\(got 15 characters\)\.$/],
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

  it('reads the document settings', () => {
    const config = readConfig({
      EMBEDDINGS_BASE_URL: 'http://models:8080/v1',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
      EMBEDDINGS_API_KEY: 'sk-123',
      UPLOAD_MAX_MB: '25',
      ALLOW_PRIVATE_URLS: 'true',
    });
    expect(config.embeddings).toEqual({ baseUrl: 'http://models:8080/v1', model: 'nomic-embed-text', apiKey: 'sk-123' });
    expect(config.uploadMaxMb).toBe(25);
    expect(config.allowPrivateUrls).toBe(true);
  });

  it('reads STEWARD_SECRETS_KEY as 64 hex digits or base64 of 32 bytes, and has none by default', () => {
    const key = Buffer.alloc(32, 7);
    expect(readConfig({}).secretsKey).toBeUndefined();
    expect(readConfig({ STEWARD_SECRETS_KEY: key.toString('hex') }).secretsKey).toEqual(key);
    expect(readConfig({ STEWARD_SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(readConfig({ STEWARD_SECRETS_KEY: key.toString('base64url') }).secretsKey).toEqual(key);
    expect(() => readConfig({ STEWARD_SECRETS_KEY: Buffer.alloc(16, 7).toString('base64') })).toThrow(/^Invalid STEWARD_SECRETS_KEY/);
  });

  it('reads SESSION_PLACE_HEADER as a lower-case header name, unset or empty as none, and refuses anything else', () => {
    expect(readConfig({}).sessionPlaceHeader).toBeUndefined();
    expect(readConfig({ SESSION_PLACE_HEADER: '' }).sessionPlaceHeader).toBeUndefined();
    expect(readConfig({ SESSION_PLACE_HEADER: ' CF-IPCity ' }).sessionPlaceHeader).toBe('cf-ipcity');
    expect(() => readConfig({ SESSION_PLACE_HEADER: 'x-city: Paris' })).toThrow(/SESSION_PLACE_HEADER/);
  });

  it('reads the audit log retention in days', () => {
    expect(readConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
  });

  it('reads the retention defaults of chat history, feedback and help requests: days, or for ever when unset or empty', () => {
    expect(readConfig({}).retentionDefaults).toEqual({ history: null, feedback: null, helpRequests: null });
    expect(
      readConfig({ RETENTION_HISTORY_DAYS: '30', RETENTION_FEEDBACK_DAYS: '', RETENTION_HELP_REQUESTS_DAYS: ' 365 ' }).retentionDefaults,
    ).toEqual({ history: 30, feedback: null, helpRequests: 365 });
    for (const wrong of ['0', '-3', '2.5', 'ten', '36501']) {
      expect(() => readConfig({ RETENTION_HISTORY_DAYS: wrong }), wrong).toThrow(/^Invalid RETENTION_HISTORY_DAYS: must be/);
    }
  });

  it('reads the chat settings: allowed origins with the dashboard always among them, the LLM, the rate limits', () => {
    const defaults = readConfig({ PUBLIC_URL: 'https://dash.example.com/steward' });
    expect(defaults.botAllowedOrigins).toEqual(['https://dash.example.com']);
    expect(defaults.llm).toBeUndefined();
    expect(defaults.chatRateLimits).toEqual({ perIpPerMinute: 30, perSessionPerMinute: 12 });

    const config = readConfig({
      PUBLIC_URL: 'https://dash.example.com',
      BOT_ALLOWED_ORIGINS: ' https://shop.example.com/ , http://localhost:8080,https://dash.example.com',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'llama3.1',
      LLM_TIMEOUT_MS: '5000',
      CHAT_RATE_LIMIT_PER_IP: '100',
      CHAT_RATE_LIMIT_PER_SESSION: '5',
    });
    expect(config.botAllowedOrigins).toEqual(['https://dash.example.com', 'https://shop.example.com', 'http://localhost:8080']);
    expect(config.llm).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', apiKey: undefined, timeoutMs: 5000 });
    expect(config.chatRateLimits).toEqual({ perIpPerMinute: 100, perSessionPerMinute: 5 });
  });

  it('reads TRUST_PROXY as Fastify takes it: loopback by default, true or false, hops, or addresses and ranges', () => {
    expect(readConfig({}).trustProxy).toEqual(['loopback']);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1 ,uniquelocal' }).trustProxy).toEqual(['10.0.0.0/8', '2001:db8::1', 'uniquelocal']);
    for (const wrong of ['yes', '11', '10.0.0.0/33', '10.0.0.300', 'proxy.example.com', ',']) {
      expect(() => readConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/^Invalid TRUST_PROXY: must be true, false, a number of hops/);
    }
  });

  it('reads STOP_DRAIN_SECONDS: 5 s on PostgreSQL and none on the embedded database by default, 0–300', () => {
    expect(readConfig({}).stopDrainMs).toBe(0);
    expect(readConfig({ DATABASE_URL: 'postgres://steward@127.0.0.1/steward' }).stopDrainMs).toBe(5000);
    expect(readConfig({ DATABASE_URL: 'postgres://steward@127.0.0.1/steward', STOP_DRAIN_SECONDS: '0' }).stopDrainMs).toBe(0);
    expect(readConfig({ STOP_DRAIN_SECONDS: '12' }).stopDrainMs).toBe(12_000);
    for (const wrong of ['-1', '301', '2.5', 'soon']) expect(() => readConfig({ STOP_DRAIN_SECONDS: wrong }), wrong).toThrow(/^Invalid STOP_DRAIN_SECONDS: must be/);
  });
});

describe('single sign-on (OIDC_*)', () => {
  const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'steward', OIDC_CLIENT_SECRET: 'a-secret-value' };

  it('is off without the issuer, client id and secret, and on with all three, with its defaults', () => {
    expect(readConfig({}).oidc).toBeUndefined();
    expect(readConfig(oidc).oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'steward', clientSecret: 'a-secret-value', scopes: ['openid', 'email', 'profile'], providerName: 'SSO', groupsClaim: undefined, groupRoles: [] });
    expect(() => readConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(ConfigError);
  });

  it('takes http only on loopback, scopes with openid, and group=role pairs with a groups claim', () => {
    expect(() => readConfig({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER: must be an https/);
    expect(readConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => readConfig({ ...oidc, OIDC_SCOPES: 'email profile' })).toThrow(/must include openid/);
    expect(readConfig({ ...oidc, OIDC_GROUPS_CLAIM: 'groups', OIDC_GROUP_ROLES: 'Steward Admins=admin, support=viewer' }).oidc?.groupRoles).toEqual([
      { group: 'Steward Admins', role: 'admin' },
      { group: 'support', role: 'viewer' },
    ]);
    expect(() => readConfig({ ...oidc, OIDC_GROUPS_CLAIM: 'groups', OIDC_GROUP_ROLES: 'ops=owner' })).toThrow(/OIDC_GROUP_ROLES/);
    expect(() => readConfig({ ...oidc, OIDC_GROUP_ROLES: 'ops=admin' })).toThrow(/needs OIDC_GROUPS_CLAIM/);
  });
});
