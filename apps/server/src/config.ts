import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ROLES, type Role, roleSchema } from '@steward/contract/access';
import { SIMPLE_EMAIL_PATTERN } from '@steward/contract/auth';
import { RETENTION_DAYS } from '@steward/contract/privacy';
import { parseSealingKey } from './lib/sealed-secrets.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlText = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(' or ')}//`);

const perMinute = z.coerce
  .number({ error: 'must be a number of requests per minute' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 100000')
  .max(100_000, 'must be between 1 and 100000');

/** A retention default: whole days, or unset (or empty) to keep for ever. */
const retentionDaysVariable = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return undefined;
    const days = Number(value);
    if (!/^\d+$/.test(value) || !Number.isInteger(days)) {
      context.addIssue({ code: 'custom', message: 'must be a whole number of days, or empty to keep for ever' });
      return z.NEVER;
    }
    if (days < RETENTION_DAYS.min || days > RETENTION_DAYS.max) {
      context.addIssue({ code: 'custom', message: `must be between ${RETENTION_DAYS.min} and ${RETENTION_DAYS.max}, or empty to keep for ever` });
      return z.NEVER;
    }
    return days;
  });

/** An origin as browsers send it: scheme, host and port, nothing after. */
function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/** proxy-addr's names for address ranges, which Fastify's trustProxy takes beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry) || net.isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  return family !== 0 && rest.length === 0 && prefix !== undefined && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Which proxies may say who the client is (X-Forwarded-For), as Fastify's `trustProxy` takes it. */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY: `true` (every hop: only when every request comes through your proxy), `false`, a number of hops
 * (the load balancers in front, counted from the server), or addresses, CIDR ranges and proxy-addr's names
 * (loopback, linklocal, uniquelocal), comma-separated. Default: loopback (a proxy on the same machine).
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    context.addIssue({ code: 'custom', message: 'must be true, false, a number of hops (0 to 10), or comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal' });
    return z.NEVER;
  });

/** An OpenID provider's issuer: https, or http on a loopback address only (a provider on this machine, for tests). */
const issuerUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
    } catch {
      return false;
    }
  }, 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)');

/** OIDC_GROUP_ROLES: `group=role` pairs, comma-separated; a group named in the groups claim gives that role on joining. */
const groupRoles = z.string().transform((value, context) => {
  const pairs = value.split(',').map((pair) => pair.trim()).filter((pair) => pair !== '');
  const mapped: { group: string; role: Role }[] = [];
  for (const pair of pairs) {
    const separator = pair.lastIndexOf('=');
    const group = pair.slice(0, separator).trim();
    const role = roleSchema.safeParse(pair.slice(separator + 1).trim());
    if (separator < 1 || group === '' || !role.success) {
      context.addIssue({ code: 'custom', message: `must be group=role pairs, comma-separated, each role one of ${ROLES.join(' or ')}` });
      return z.NEVER;
    }
    mapped.push({ group, role: role.data });
  }
  return mapped;
});

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlText(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: urlText(['http:', 'https:']).optional(),
  ASSISTANT_NAME: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters').default('Steward'),
  BOT_API_KEY: z.string().trim().min(16, 'must be at least 16 characters long').optional(),
  STEWARD_ADMIN_EMAIL: optionalText,
  STEWARD_ADMIN_PASSWORD: optionalText,
  STEWARD_ADMIN_NAME: optionalText,
  SMTP_URL: urlText(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: optionalText,
  LOGIN_EMAIL_CHECK: booleanFlag.default(false),
  SESSION_PLACE_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]*$/, 'must be a header name such as cf-ipcity')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  EMBEDDINGS_BASE_URL: urlText(['http:', 'https:']).optional(),
  EMBEDDINGS_MODEL: optionalText,
  EMBEDDINGS_API_KEY: optionalText,
  STEWARD_SECRETS_KEY: optionalText.superRefine((value, context) => {
    if (value === undefined) return;
    try {
      parseSealingKey(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }),
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 4096')
    .max(4096, 'must be between 1 and 4096')
    .default(100),
  ALLOW_PRIVATE_URLS: booleanFlag.default(false),
  SITE_CRAWL_DELAY_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 60000')
    .max(60_000, 'must be between 0 and 60000')
    .default(500),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 3600')
    .max(3600, 'must be between 1 and 3600')
    .default(300),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(RETENTION_DAYS.min, `must be at least ${RETENTION_DAYS.min}`)
    .max(RETENTION_DAYS.max, `must be at most ${RETENTION_DAYS.max}`)
    .default(365),
  RETENTION_HISTORY_DAYS: retentionDaysVariable,
  RETENTION_FEEDBACK_DAYS: retentionDaysVariable,
  RETENTION_HELP_REQUESTS_DAYS: retentionDaysVariable,
  BOT_ALLOWED_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter((origin) => origin !== ''))
    .refine((origins) => origins.every(isWebOrigin), 'must be comma-separated origins such as https://shop.example.com')
    .default([]),
  LLM_BASE_URL: urlText(['http:', 'https:']).optional(),
  LLM_MODEL: optionalText,
  LLM_API_KEY: optionalText,
  LLM_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(1000, 'must be between 1000 and 600000')
    .max(600_000, 'must be between 1000 and 600000')
    .default(30_000),
  CHAT_RATE_LIMIT_PER_IP: perMinute.default(30),
  CHAT_RATE_LIMIT_PER_SESSION: perMinute.default(12),
  TRUST_PROXY: trustProxySetting.default(['loopback']),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters long').optional(),
  OIDC_ISSUER: issuerUrl.optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_SCOPES: z
    .string()
    .transform((value) => [...new Set(value.split(/[\s,]+/).filter((scope) => scope !== ''))])
    .refine((scopes) => scopes.includes('openid'), 'must include openid')
    .default(['openid', 'email', 'profile']),
  OIDC_PROVIDER_NAME: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').default('SSO'),
  OIDC_GROUPS_CLAIM: optionalText,
  OIDC_GROUP_ROLES: groupRoles.default([]),
  STOP_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 300')
    .max(300, 'must be between 0 and 300')
    .optional(),
});

/** STOP_DRAIN_SECONDS on PostgreSQL when unset: a few of a balancer's health checks or retries. */
export const DEFAULT_STOP_DRAIN_SECONDS = 5;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  assistantName: string;
  botApiKey: string | undefined;
  /** The first administrator: created at start when no user exists (password set), or invited by a printed link. */
  initialAdmin: { email: string; password: string | undefined; name: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  loginEmailCheck: boolean;
  /** SESSION_PLACE_HEADER: the header a trusted proxy names the client's place in (a city, a country); unset, the address's country. */
  sessionPlaceHeader: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /**
   * `pretty`: readable lines and a start-up banner for a person at a terminal, without a line per request at
   * `info`; `json`: one JSON object a line for log collectors. Default: pretty when stdout is a terminal.
   */
  logFormat: 'pretty' | 'json';
  /** Secure cookies when the dashboard is served over https. */
  secureCookies: boolean;
  /** The key sealing the secrets saved in the dashboard (lib/sealed-secrets.ts); undefined: one kept in the database. */
  secretsKey: Buffer | undefined;
  /** An OpenAI-compatible embeddings API for documents; undefined: the built-in Universal Sentence Encoder Lite. */
  embeddings: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  /** The largest document, uploaded or fetched from a URL, in MB. */
  uploadMaxMb: number;
  /** Document URLs may point at loopback and private addresses (for tests; never in production). */
  allowPrivateUrls: boolean;
  /** The least time between two requests of a website crawl to its site, in ms (robots.txt's Crawl-delay wins when longer). */
  siteCrawlDelayMs: number;
  /** The longest a client may take to send one whole request (headers and body), in ms. */
  requestTimeoutMs: number;
  /**
   * How long a graceful stop answers 503 on the health calls, still serving, before it stops taking connections
   * (so a load balancer sends no more), in ms: STOP_DRAIN_SECONDS, by default 5 s on PostgreSQL (several instances
   * behind a balancer) and none on the embedded database (one instance, nothing to take over).
   */
  stopDrainMs: number;
  /** Audit log entries older than this many days are deleted by the hourly clean-up. */
  auditRetentionDays: number;
  /**
   * How long chat history, feedback and help requests are kept, in days, when Bot Settings' Data retention is
   * not saved (RETENTION_*_DAYS); null: for ever. The audit log's default is auditRetentionDays.
   */
  retentionDefaults: { history: number | null; feedback: number | null; helpRequests: number | null };
  /** Origins whose pages may call /api/chat/* from a browser; the dashboard's own origin is always one. */
  botAllowedOrigins: string[];
  /** An OpenAI-compatible chat server that writes answers from the retrieved passages; undefined: extractive answers. */
  llm: LlmConfig | undefined;
  /** LLM_TIMEOUT_MS, also for a language model saved in Bot Settings and for the Answers card's Test. */
  llmTimeoutMs: number;
  /** Public chat calls allowed per minute, per visitor address and per chat session. */
  chatRateLimits: { perIpPerMinute: number; perSessionPerMinute: number };
  /** The proxies whose X-Forwarded-For names the client (rate limits, the audit log, chat limits and countries read it). */
  trustProxy: TrustProxy;
  /** GET /metrics answers Prometheus with `Authorization: Bearer` this token; unset, the route answers 404. */
  metricsToken: string | undefined;
  /** Single sign-on with OpenID Connect (OIDC_*); undefined: off, the login screen is the spec's. */
  oidc: OidcConfig | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** The login screen's button says "Sign in with {providerName}". */
  providerName: string;
  /** The ID token claim listing the person's groups (OIDC_GROUPS_CLAIM), for the role of someone joining. */
  groupsClaim: string | undefined;
  groupRoles: { group: string; role: Role }[];
}

export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/**
 * admin@ the dashboard's host, as an address the login form accepts (SIMPLE_EMAIL_PATTERN wants a dot after
 * the @): a host without one, like localhost, gets ".localdomain", so the first start's administrator can log in.
 */
export function defaultAdminEmail(publicUrl: string): string {
  const email = `admin@${new URL(publicUrl).hostname}`;
  return SIMPLE_EMAIL_PATTERN.test(email) ? email : `${email}.localdomain`;
}

/** Reads the environment into a typed config; a wrong value throws one line naming the variable. */
export function readConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const withoutEmpty = Object.fromEntries(
    Object.entries(environment).filter(([name, value]) => name in environmentSchema.shape && value !== ''),
  );
  const parsed = environmentSchema.safeParse(withoutEmpty);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const given = environment[variable] ?? '';
    // A key or a password is never repeated into the log, even a wrong one.
    const got = /(_KEY|PASSWORD|SECRET)$/.test(variable) ? `${given.length} characters` : `"${given}"`;
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? 'invalid value'} (got ${got}).`);
  }
  const env = parsed.data;
  if (env.STEWARD_ADMIN_PASSWORD && !env.STEWARD_ADMIN_EMAIL) {
    throw new ConfigError('Invalid STEWARD_ADMIN_PASSWORD: it needs STEWARD_ADMIN_EMAIL too.');
  }
  if (env.STEWARD_ADMIN_EMAIL && !SIMPLE_EMAIL_PATTERN.test(env.STEWARD_ADMIN_EMAIL)) {
    throw new ConfigError(`Invalid STEWARD_ADMIN_EMAIL: must be an email address (got "${env.STEWARD_ADMIN_EMAIL}").`);
  }
  if (env.EMBEDDINGS_BASE_URL && !env.EMBEDDINGS_MODEL) {
    throw new ConfigError('Invalid EMBEDDINGS_BASE_URL: it needs EMBEDDINGS_MODEL too.');
  }
  for (const variable of ['EMBEDDINGS_MODEL', 'EMBEDDINGS_API_KEY'] as const) {
    if (env[variable] && !env.EMBEDDINGS_BASE_URL) throw new ConfigError(`Invalid ${variable}: it needs EMBEDDINGS_BASE_URL too.`);
  }
  if (env.LLM_BASE_URL && !env.LLM_MODEL) throw new ConfigError('Invalid LLM_BASE_URL: it needs LLM_MODEL too.');
  for (const variable of ['LLM_MODEL', 'LLM_API_KEY'] as const) {
    if (env[variable] && !env.LLM_BASE_URL) throw new ConfigError(`Invalid ${variable}: it needs LLM_BASE_URL too.`);
  }
  const oidcParts = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (oidcParts.some((part) => part !== undefined) && !oidcParts.every((part) => part !== undefined)) {
    throw new ConfigError('Invalid OIDC_ISSUER: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together.');
  }
  if (env.OIDC_GROUP_ROLES.length > 0 && !env.OIDC_GROUPS_CLAIM) throw new ConfigError('Invalid OIDC_GROUP_ROLES: it needs OIDC_GROUPS_CLAIM too.');
  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    assistantName: env.ASSISTANT_NAME,
    botApiKey: env.BOT_API_KEY,
    initialAdmin: {
      email: (env.STEWARD_ADMIN_EMAIL ?? defaultAdminEmail(publicUrl)).toLowerCase(),
      password: env.STEWARD_ADMIN_PASSWORD,
      name: env.STEWARD_ADMIN_NAME ?? 'Administrator',
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.ASSISTANT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    loginEmailCheck: env.LOGIN_EMAIL_CHECK,
    sessionPlaceHeader: env.SESSION_PLACE_HEADER,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    secureCookies: publicUrl.startsWith('https:'),
    secretsKey: env.STEWARD_SECRETS_KEY === undefined ? undefined : parseSealingKey(env.STEWARD_SECRETS_KEY),
    embeddings:
      env.EMBEDDINGS_BASE_URL && env.EMBEDDINGS_MODEL
        ? { baseUrl: env.EMBEDDINGS_BASE_URL, model: env.EMBEDDINGS_MODEL, apiKey: env.EMBEDDINGS_API_KEY }
        : undefined,
    uploadMaxMb: env.UPLOAD_MAX_MB,
    allowPrivateUrls: env.ALLOW_PRIVATE_URLS,
    siteCrawlDelayMs: env.SITE_CRAWL_DELAY_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    stopDrainMs: (env.STOP_DRAIN_SECONDS ?? (env.DATABASE_URL ? DEFAULT_STOP_DRAIN_SECONDS : 0)) * 1000,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    retentionDefaults: {
      history: env.RETENTION_HISTORY_DAYS ?? null,
      feedback: env.RETENTION_FEEDBACK_DAYS ?? null,
      helpRequests: env.RETENTION_HELP_REQUESTS_DAYS ?? null,
    },
    botAllowedOrigins: [...new Set([new URL(publicUrl).origin, ...env.BOT_ALLOWED_ORIGINS.map((origin) => new URL(origin).origin)])],
    llmTimeoutMs: env.LLM_TIMEOUT_MS,
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), model: env.LLM_MODEL, apiKey: env.LLM_API_KEY, timeoutMs: env.LLM_TIMEOUT_MS }
        : undefined,
    chatRateLimits: { perIpPerMinute: env.CHAT_RATE_LIMIT_PER_IP, perSessionPerMinute: env.CHAT_RATE_LIMIT_PER_SESSION },
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: env.OIDC_SCOPES,
            providerName: env.OIDC_PROVIDER_NAME,
            groupsClaim: env.OIDC_GROUPS_CLAIM,
            groupRoles: env.OIDC_GROUP_ROLES,
          }
        : undefined,
  };
}
