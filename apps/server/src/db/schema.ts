/**
 * The Drizzle view of the tables that migrations/ creates. Keep both in step:
 * the migration is what runs, this is what queries are typed against, and
 * schema-drift.test.ts fails when they describe different databases.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, unique } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditDetails } from '@steward/contract/audit-log';
import type { IntegrationKeyScope } from '@steward/contract/integration-keys';
import { DOCUMENT_URL_SOURCE_STATES } from '@steward/contract/document-sources';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookEndpointKind, type WebhookEventType } from '@steward/contract/webhooks';
import { SECOND_FACTOR_POLICIES } from '@steward/contract/second-factor';
import { SITE_PAGE_STATUSES, SITE_PAGE_SYNC_OUTCOMES, SITE_START_KINDS, SITE_STATUSES, SITE_SYNC_STATUSES, SITE_SYNC_TRIGGERS, SYNC_SCHEDULES } from '@steward/contract/sites';
import { descending, enumCheck, timestamptz, tsvector } from './schema-builders.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
/** pgvector without a fixed dimension: the embedding model, and so the dimension, is configurable. */
const anyVector = customType<{ data: string }>({ dataType: () => 'vector' });

/** The values of the text columns that hold one of a few words; each is also a CHECK in the database. */
const ROLES = ['admin', 'viewer'] as const;
const THEMES = ['light', 'dark'] as const;
const AUTH_TOKEN_PURPOSES = ['invitation', 'password_reset', 'email_verification'] as const;
const RATINGS = ['up', 'down'] as const;
const HELP_REQUEST_STATUSES = ['pending', 'resolved'] as const;
const INFORM_THE_BOT_TYPES = ['information', 'file', 'correction'] as const;
const INFORM_THE_BOT_STATUSES = ['pending', 'approved'] as const;
const DOCUMENT_STATUSES = ['in_progress', 'completed', 'error'] as const;
const DOCUMENT_KINDS = ['pdf', 'txt', 'csv'] as const;
const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
const SIGN_IN_METHODS = ['password', 'sign_in_link', 'password_totp', 'password_recovery_code', 'sign_in_link_totp', 'sign_in_link_recovery_code', 'password_passkey', 'sign_in_link_passkey', 'passkey', 'oidc'] as const;
const PASSKEY_DEVICE_TYPES = ['singleDevice', 'multiDevice'] as const;
const PASSKEY_CHALLENGE_PURPOSES = ['register', 'second_factor', 'sign_in'] as const;
const SECOND_FACTOR_STEPS = ['code', 'enrol'] as const;
const FIRST_SIGN_IN_METHODS = ['password', 'sign_in_link'] as const;
const WEBHOOK_ENDPOINT_KINDS = ['standard', 'slack', 'teams'] as const;

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ROLES }).notNull(),
  passwordHash: text('password_hash').notNull(),
  theme: text('theme', { enum: THEMES }).notNull().default('light'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
  /** The role is the groups claim's (migration 3710): joined from a domain by single sign-on; each sign-in sets it again. */
  roleFromGroups: boolean('role_from_groups').notNull().default(false),
}, (table) => [
  enumCheck('users_role_check', table.role, ROLES),
  enumCheck('users_theme_check', table.theme, THEMES),
  // Partial matches of names and emails in global search, accents and case folded (migration 0600).
  index('users_name_trgm_idx').using('gin', sql`steward_fold(${table.name}) gin_trgm_ops`),
  index('users_email_trgm_idx').using('gin', sql`steward_fold(${table.email}) gin_trgm_ops`),
]);

export const roleCapabilities = pgTable(
  'role_capabilities',
  {
    role: text('role', { enum: ROLES }).notNull(),
    capability: text('capability').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.role, table.capability] }),
    enumCheck('role_capabilities_role_check', table.role, ROLES),
  ],
);

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
  /** How the session was signed in (migration 3510); null for sessions older than that. */
  signInMethod: text('sign_in_method', { enum: SIGN_IN_METHODS }),
  /** The id the dashboard shows and ends a session by (migration 3640); the id_hash never leaves the server. */
  id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  /** Where it was signed in from: a trusted proxy's header (SESSION_PLACE_HEADER), else the address's country. */
  place: text('place'),
}, (table) => [
  unique('sessions_id_key').on(table.id),
  index('sessions_user_id_idx').on(table.userId),
  enumCheck('sessions_sign_in_method_check', table.signInMethod, SIGN_IN_METHODS),
]);

/** A member's TOTP seed, sealed (migration 3510, modules/auth/second-factor-seal.ts); unconfirmed while enrolling. */
export const secondFactors = pgTable('second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSeed: text('sealed_seed').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /** The last time step a code was accepted for: a code is good once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** One-time recovery codes, as SHA-256 hashes only. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamptz('used_at'),
}, (table) => [unique('recovery_codes_user_code_key').on(table.userId, table.codeHash)]);

/** Sign-ins whose password was right and whose second step is pending; the browser holds the random id. */
export const secondFactorChallenges = pgTable('second_factor_challenges', {
  idHash: text('id_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: text('step', { enum: SECOND_FACTOR_STEPS }).notNull(),
  firstMethod: text('first_method', { enum: FIRST_SIGN_IN_METHODS }).notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
}, (table) => [
  enumCheck('second_factor_challenges_step_check', table.step, SECOND_FACTOR_STEPS),
  enumCheck('second_factor_challenges_first_method_check', table.firstMethod, FIRST_SIGN_IN_METHODS),
  index('second_factor_challenges_user_idx').on(table.userId),
]);

/** A member's passkeys (migration 3630): WebAuthn credentials, several per member, each named. */
export const passkeys = pgTable('passkeys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The credential's id as the browser sends it (base64url). */
  credentialId: text('credential_id').notNull().unique('passkeys_credential_id_key'),
  /** The COSE public key the authenticator gave at registration. */
  publicKey: bytea('public_key').notNull(),
  /** The authenticator's signature counter (0 for those that keep none). */
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  /** The transports the browser reported, comma-separated (a hint for the next sign-in). */
  transports: text('transports').notNull().default(''),
  deviceType: text('device_type', { enum: PASSKEY_DEVICE_TYPES }).notNull(),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastUsedAt: timestamptz('last_used_at'),
}, (table) => [enumCheck('passkeys_device_type_check', table.deviceType, PASSKEY_DEVICE_TYPES), index('passkeys_user_idx').on(table.userId)]);

/** The passkey ceremonies' challenges, as hashes: each good once, for five minutes, for one purpose. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challengeHash: text('challenge_hash').primaryKey(),
  purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamptz('expires_at').notNull(),
}, (table) => [enumCheck('passkey_challenges_purpose_check', table.purpose, PASSKEY_CHALLENGE_PURPOSES)]);

/** One row: the second factor's policy, off (the default), offered or required (contract SECOND_FACTOR_POLICIES). */
export const signInPolicy = pgTable('sign_in_policy', {
  id: boolean('id').primaryKey().default(true),
  secondFactor: text('second_factor', { enum: SECOND_FACTOR_POLICIES }).notNull().default('off'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
}, (table) => [check('sign_in_policy_id_check', sql`${table.id}`), enumCheck('sign_in_policy_second_factor_check', table.secondFactor, SECOND_FACTOR_POLICIES)]);

/** Issue 57: whether the weekly report is offered (one row, off by default), who opted in, and each member's week sent. */
export const weeklyReportOffer = pgTable('weekly_report_offer', {
  id: boolean('id').primaryKey().default(true),
  offered: boolean('offered').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
}, (table) => [check('weekly_report_offer_id_check', sql`${table.id}`)]);

export const weeklyReportSubscriptions = pgTable('weekly_report_subscriptions', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  subscribedAt: timestamptz('subscribed_at').notNull().defaultNow(),
});

export const weeklyReportSends = pgTable('weekly_report_sends', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  weekStart: timestamptz('week_start').notNull(),
  queuedAt: timestamptz('queued_at').notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.userId, table.weekStart] })]);

/** The coverage gaps told to webhooks (migration 3700): one row per wording of a gap, by its hash. */
export const coverageGapAlerts = pgTable('coverage_gap_alerts', {
  wordingHash: text('wording_hash').primaryKey(),
  gapKey: text('gap_key').notNull(),
  alertedAt: timestamptz('alerted_at').notNull().defaultNow(),
}, (table) => [index('coverage_gap_alerts_alerted_at_idx').on(table.alertedAt)]);

/** One row: single sign-on's joining domains and whether it is the only way in (migration 3620). */
export const ssoSettings = pgTable('sso_settings', {
  id: boolean('id').primaryKey().default(true),
  joinDomains: jsonb('join_domains').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  ssoOnly: boolean('sso_only').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
}, (table) => [check('sso_settings_id_check', sql`${table.id}`)]);

/** The administrators who may still sign in with a password while single sign-on is the only way in. */
export const ssoBreakGlass = pgTable('sso_break_glass', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A single-sign-on session's ID token, for the provider's logout; it goes with its session. */
export const ssoSessions = pgTable('sso_sessions', {
  sessionIdHash: text('session_id_hash')
    .primaryKey()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  idToken: text('id_token').notNull(),
});

export const authTokens = pgTable('auth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose', { enum: AUTH_TOKEN_PURPOSES }).notNull(),
  email: text('email').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  name: text('name'),
  role: text('role', { enum: ROLES }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
}, (table) => [
  enumCheck('auth_tokens_purpose_check', table.purpose, AUTH_TOKEN_PURPOSES),
  enumCheck('auth_tokens_role_check', table.role, ROLES),
  index('auth_tokens_purpose_email_idx').on(table.purpose, table.email),
]);

export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    verifiedAt: timestamptz('verified_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.browserHash] })],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});

/** Sign-in throttles per (account, address) or per signed device (migration 2300, modules/auth/login-throttle.ts). */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  blockedUntil: timestamptz('blocked_until').notNull(),
  lastClaimAllowed: boolean('last_claim_allowed').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
}, (table) => [index('login_throttles_updated_at_idx').on(table.updatedAt)]);

export const chatSessions = pgTable('chat_sessions', {
  sessionId: text('session_id').primaryKey(),
  startedAt: timestamptz('started_at').notNull(),
  lastMessageAt: timestamptz('last_message_at').notNull(),
  messageCount: integer('message_count').notNull().default(0),
}, (table) => [
  index('chat_sessions_started_at_idx').on(table.startedAt),
]);

/** One row per exchange: the visitor's message and the bot's answer. */
export const history = pgTable('history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sessionId: text('session_id').notNull(),
  userMessage: text('user_message').notNull(),
  apiResponse: text('api_response').notNull(),
  sourceDocs: jsonb('source_docs').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  origin: text('origin'),
  account: jsonb('account').$type<Record<string, string> | null>(),
  time: timestamptz('time').notNull().defaultNow(),
  country: text('country').notNull().default(''),
  userIp: text('user_ip').notNull().default(''),
  search: tsvector('search').generatedAlwaysAs(
    sql`to_tsvector('steward_search'::regconfig, coalesce(user_message, '') || ' ' || coalesce(api_response, ''))`,
  ),
  /** The bot had nothing to answer with (migration 0800). */
  coverageGap: boolean('coverage_gap').notNull().default(false),
  /** History's badges (migration 3342), kept by history's actions: the exchange's latest thumb, and whether its session asked for help. */
  rating: text('rating', { enum: RATINGS }),
  helpRequest: boolean('help_request').notNull().default(false),
  /**
   * What History shows of the row, kept when it is written (migration 3720, insertHistoryRow): the account as the
   * list's JSON text, and whether the stored source documents and time are answered as they are.
   */
  shownAccount: text('shown_account'),
  shownAsStored: boolean('shown_as_stored').notNull().default(false),
}, (table) => [
  index('history_time_idx').on(descending(table.time), descending(table.id)),
  index('history_coverage_gap_time_idx').on(descending(table.time), descending(table.id)).where(sql`${table.coverageGap}`),
  index('history_session_idx').on(table.sessionId, table.time, table.id),
  index('history_search_idx').using('gin', table.search),
  index('history_country_time_idx').on(table.country, descending(table.time), descending(table.id)),
  index('history_site_time_idx').on(sql`lower(substring(${table.origin} FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'))`, descending(table.time), descending(table.id)),  index('history_user_ip_idx').on(table.userIp).where(sql`${table.userIp} <> ''`),
  index('history_account_email_idx').on(sql`lower(${table.account} ->> 'email')`).where(sql`(${table.account} ->> 'email') IS NOT NULL`),
  index('history_rating_time_idx').on(table.rating, descending(table.time), descending(table.id)).where(sql`${table.rating} IS NOT NULL`),
  index('history_help_request_time_idx').on(descending(table.time), descending(table.id)).where(sql`${table.helpRequest}`),
  enumCheck('history_rating_check', table.rating, RATINGS),
]);

/** What each of the built-in chat's answers was built from (migration 2600). */
export const answerSources = pgTable('answer_sources', {
  historyId: bigint('history_id', { mode: 'number' }).notNull().references(() => history.id, { onDelete: 'cascade' }),
  position: smallint('position').notNull(),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
  informTheBotId: integer('inform_the_bot_id').references(() => informTheBot.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  page: integer('page'),
  pageEnd: integer('page_end'),
  heading: text('heading'),
  excerpt: text('excerpt').notNull(),
  relevance: real('relevance').notNull(),
}, (table) => [
  primaryKey({ columns: [table.historyId, table.position] }),
  index('answer_sources_document_idx').on(table.documentId, table.historyId).where(sql`${table.documentId} IS NOT NULL`),
  index('answer_sources_inform_the_bot_idx').on(table.informTheBotId, table.historyId).where(sql`${table.informTheBotId} IS NOT NULL`),
]);

export const feedback = pgTable('feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  historyId: bigint('history_id', { mode: 'number' }).references(() => history.id, { onDelete: 'set null' }),
  sessionId: text('session_id').notNull(),
  userMessage: text('user_message').notNull(),
  apiResponse: text('api_response').notNull(),
  rating: text('rating', { enum: RATINGS }).notNull(),
  reason: jsonb('reason').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  userFeedback: text('user_feedback').notNull().default(''),
  userIp: text('user_ip').notNull().default(''),
  country: text('country').notNull().default(''),
  time: timestamptz('time').notNull().defaultNow(),
  search: tsvector('search').generatedAlwaysAs(
    sql`to_tsvector('steward_search'::regconfig, coalesce(user_feedback, '') || ' ' || coalesce(user_message, '') || ' ' || coalesce(api_response, ''))`,
  ),
}, (table) => [
  enumCheck('feedback_rating_check', table.rating, RATINGS),
  index('feedback_time_idx').on(descending(table.time), descending(table.id)),
  index('feedback_rating_time_idx').on(table.rating, descending(table.time), descending(table.id)),
  index('feedback_search_idx').using('gin', table.search),
  index('feedback_country_time_idx').on(table.country, descending(table.time), descending(table.id)),
  index('feedback_history_idx').on(table.historyId).where(sql`${table.historyId} IS NOT NULL`),
  index('feedback_question_idx').on(sql`lower(${table.userMessage})`, table.time),  index('feedback_user_ip_idx').on(table.userIp).where(sql`${table.userIp} <> ''`),
  index('feedback_session_idx').on(table.sessionId),
]);

export const helpRequests = pgTable('help_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sessionId: text('session_id'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  originUrl: text('origin_url'),
  status: text('status', { enum: HELP_REQUEST_STATUSES }).notNull().default('pending'),
  userIp: text('user_ip').notNull().default(''),
  country: text('country').notNull().default(''),
  time: timestamptz('time').notNull().defaultNow(),
  statusChangedAt: timestamptz('status_changed_at'),
  statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
  search: tsvector('search').generatedAlwaysAs(
    sql`to_tsvector('steward_search'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(message, ''))`,
  ),
  /** Name and email folded for fragment search (migration 0900): a line each, so no fragment spans both. */
  contactFolded: text('contact_folded').generatedAlwaysAs(sql`steward_fold(name) || E'\\n' || steward_fold(email)`),
}, (table) => [
  enumCheck('help_requests_status_check', table.status, HELP_REQUEST_STATUSES),
  index('help_requests_time_idx').on(descending(table.time), descending(table.id)),
  index('help_requests_status_time_idx').on(table.status, descending(table.time), descending(table.id)),
  index('help_requests_search_idx').using('gin', table.search),
  index('help_requests_contact_trgm_idx').using('gin', sql`${table.contactFolded} gin_trgm_ops`),
  index('help_requests_country_time_idx').on(table.country, descending(table.time), descending(table.id)),
  index('help_requests_site_time_idx').on(sql`lower(substring(${table.originUrl} FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'))`, descending(table.time), descending(table.id)),
  index('help_requests_session_idx').on(table.sessionId, table.time, table.id).where(sql`${table.sessionId} IS NOT NULL`),  index('help_requests_user_ip_idx').on(table.userIp).where(sql`${table.userIp} <> ''`),
  index('help_requests_email_idx').on(sql`lower(${table.email})`),
]);

/** Staff replies to a help request, mailed to the visitor (migration 2641). */
export const helpRequestReplies = pgTable('help_request_replies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  helpRequestId: integer('help_request_id').notNull().references(() => helpRequests.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  message: text('message').notNull(),
  time: timestamptz('time').notNull().defaultNow(),
}, (table) => [
  index('help_request_replies_request_idx').on(table.helpRequestId, table.time, table.id),
]);

export const listCounters = pgTable('list_counters', {
  name: text('name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/** Sessions started, questions answered and up/down ratings per UTC quarter hour (migration 0101). */
export const statisticsRollupQuarter = pgTable('statistics_rollup_quarter', {
  quarter: timestamptz('quarter').primaryKey(),
  sessions: integer('sessions').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  upRatings: integer('up_ratings').notNull().default(0),
  downRatings: integer('down_ratings').notNull().default(0),
});

/**
 * The sums of statistics_rollup_quarter before `upto` (migration 1200), for a prefix of its quarters:
 * kept by steward_count_statistics, which every statistics write calls.
 */
export const statisticsTotals = pgTable('statistics_totals', {
  upto: timestamptz('upto').primaryKey(),
  sessions: bigint('sessions', { mode: 'number' }).notNull(),
  questions: bigint('questions', { mode: 'number' }).notNull(),
  upRatings: bigint('up_ratings', { mode: 'number' }).notNull(),
  downRatings: bigint('down_ratings', { mode: 'number' }).notNull(),
});

/**
 * One row: how many times statistics already written changed (migration 1800). A server keeps the totals
 * before past moments (SettledTotals) until a read answers another revision.
 */
export const statisticsRevision = pgTable(
  'statistics_revision',
  {
    onlyRow: boolean('only_row').primaryKey().default(true),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    /** The retention deleted the rows the statistics counted before this quarter (migration 2901): the repair recounts from it. */
    rowsCompleteSince: timestamptz('rows_complete_since'),
  },
  (table) => [check('statistics_revision_only_row_check', sql`${table.onlyRow}`)],
);

// list_counters 'inform_the_bot' is kept by the table's one writer, inform-the-bot.repository.ts (migration 2400).
export const informTheBot = pgTable('inform_the_bot', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  content: text('content').notNull(),
  type: text('type', { enum: INFORM_THE_BOT_TYPES }).notNull().default('information'),
  question: text('question'),
  feedbackId: integer('feedback_id').references(() => feedback.id, { onDelete: 'set null' }),
  status: text('status', { enum: INFORM_THE_BOT_STATUSES }).notNull().default('pending'),
  time: timestamptz('time').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  lastEditedBy: integer('last_edited_by').references(() => users.id, { onDelete: 'set null' }),
  approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamptz('approved_at'),
}, (table) => [
  enumCheck('inform_the_bot_type_check', table.type, INFORM_THE_BOT_TYPES),
  enumCheck('inform_the_bot_status_check', table.status, INFORM_THE_BOT_STATUSES),
  index('inform_the_bot_time_idx').on(descending(table.time), descending(table.id)),
  index('inform_the_bot_feedback_idx').on(table.feedbackId).where(sql`${table.feedbackId} IS NOT NULL`),
]);

export const documents = pgTable('documents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fileId: text('file_id').notNull().unique(),
  filename: text('filename').notNull(),
  title: text('title').notNull(),
  sourceUrl: text('source_url').notNull(),
  contentType: text('content_type').notNull().default(''),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
  uploadedBy: text('uploaded_by').notNull(),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  uploadDate: timestamptz('upload_date').notNull().defaultNow(),
  status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('in_progress'),
  errorMessage: text('error_message'),
  /** A new version being indexed; the current chunks keep answering until it is swapped in. */
  replacingFileId: text('replacing_file_id'),
  replacingFilename: text('replacing_filename'),
  /** A page of a website source (migration 3400): shown inside the site's card, not as a card of its own. */
  siteId: integer('site_id').references((): AnyPgColumn => siteSources.id, { onDelete: 'cascade' }),
}, (table) => [
  enumCheck('documents_status_check', table.status, DOCUMENT_STATUSES),
  index('documents_upload_date_idx').on(descending(table.uploadDate), descending(table.id)),
  index('documents_site_idx').on(table.siteId).where(sql`${table.siteId} IS NOT NULL`),
]);

/** A website as a source (migration 3400, issue 55): crawled within its limits by a site-crawl job. */
export const siteSources = pgTable('site_sources', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  startUrl: text('start_url').notNull(),
  startKind: text('start_kind', { enum: SITE_START_KINDS }).notNull(),
  maxPages: integer('max_pages').notNull(),
  maxDepth: integer('max_depth').notNull(),
  includePrefixes: jsonb('include_prefixes').$type<string[]>().notNull(),
  excludePrefixes: jsonb('exclude_prefixes').$type<string[]>().notNull(),
  status: text('status', { enum: SITE_STATUSES }).notNull().default('queued'),
  message: text('message'),
  addedBy: text('added_by').notNull(),
  addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  addedAt: timestamptz('added_at').notNull().defaultNow(),
  finishedAt: timestamptz('finished_at'),
  /** How often it is read again by itself (migration 3410). */
  syncSchedule: text('sync_schedule', { enum: SYNC_SCHEDULES }).notNull().default('off'),
}, (table) => [
  enumCheck('site_sources_start_kind_check', table.startKind, SITE_START_KINDS),
  enumCheck('site_sources_status_check', table.status, SITE_STATUSES),
  enumCheck('site_sources_sync_schedule_check', table.syncSchedule, SYNC_SCHEDULES),
]);

/** One sync of a website source, its first read included (migration 3410): who or what started it and what it found. */
export const siteSyncs = pgTable('site_syncs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The source synced: a website or (migration 3650) a document added by URL; exactly one of the two. */
  siteId: integer('site_id').references(() => siteSources.id, { onDelete: 'cascade' }),
  documentId: integer('document_id').references((): AnyPgColumn => documents.id, { onDelete: 'cascade' }),
  trigger: text('trigger', { enum: SITE_SYNC_TRIGGERS }).notNull(),
  /** The staff member's name; null when the schedule started it. */
  requestedBy: text('requested_by'),
  requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  status: text('status', { enum: SITE_SYNC_STATUSES }).notNull().default('queued'),
  message: text('message'),
  queuedAt: timestamptz('queued_at').notNull().defaultNow(),
  startedAt: timestamptz('started_at'),
  finishedAt: timestamptz('finished_at'),
  checked: integer('checked').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  changed: integer('changed').notNull().default(0),
  added: integer('added').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
}, (table) => [
  enumCheck('site_syncs_trigger_check', table.trigger, SITE_SYNC_TRIGGERS),
  enumCheck('site_syncs_status_check', table.status, SITE_SYNC_STATUSES),
  index('site_syncs_site_idx').on(table.siteId, descending(table.id)),
  index('site_syncs_document_idx').on(table.documentId, descending(table.id)).where(sql`${table.documentId} IS NOT NULL`),
  check('site_syncs_source_check', sql`(${table.siteId} IS NULL) <> (${table.documentId} IS NULL)`),
]);

/**
 * A document added by URL as a source kept in sync (migration 3650): its schedule, the validators and hash of the copy
 * indexed, and whether its last sync failed (`failing`: its last good text answers) or it is gone (`retired`).
 */
export const documentUrlSources = pgTable('document_url_sources', {
  documentId: integer('document_id').primaryKey().references((): AnyPgColumn => documents.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  contentHash: text('content_hash'),
  syncSchedule: text('sync_schedule', { enum: SYNC_SCHEDULES }).notNull().default('off'),
  state: text('state', { enum: DOCUMENT_URL_SOURCE_STATES }).notNull().default('current'),
  message: text('message'),
  goneCount: integer('gone_count').notNull().default(0),
  addedAt: timestamptz('added_at').notNull().defaultNow(),
}, (table) => [
  enumCheck('document_url_sources_sync_schedule_check', table.syncSchedule, SYNC_SCHEDULES),
  enumCheck('document_url_sources_state_check', table.state, DOCUMENT_URL_SOURCE_STATES),
]);

/** A key for the bot API made on the Integrations screen (migration 3500, issue 57): only the secret's SHA-256 is kept. */
export const integrationKeys = pgTable('integration_keys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull(),
  secretHash: text('secret_hash').notNull(),
  name: text('name').notNull(),
  scopes: jsonb('scopes').$type<IntegrationKeyScope[]>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamptz('expires_at'),
  revokedAt: timestamptz('revoked_at'),
  lastUsedAt: timestamptz('last_used_at'),
  lastUsedIp: text('last_used_ip'),
}, (table) => [unique('integration_keys_public_id_key').on(table.publicId)]);

/** Issue 57: a webhook endpoint (migration 3600); its secret sealed, the previous one too while a rotation overlaps. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').$type<WebhookEndpointKind>().notNull().default('standard'),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: jsonb('events').$type<WebhookEventType[]>().notNull(),
  includePersonalData: boolean('include_personal_data').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  failingSince: timestamptz('failing_since'),
  secretSealed: text('secret_sealed').notNull(),
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretUntil: timestamptz('previous_secret_until'),
  secretRotatedAt: timestamptz('secret_rotated_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
}, (table) => [enumCheck('webhook_endpoints_kind_check', table.kind, WEBHOOK_ENDPOINT_KINDS)]);

/** One event for one endpoint (migration 3600): its data fixed when the event happened, its latest attempt. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  endpointId: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  messageId: text('message_id').notNull(),
  eventType: text('event_type').$type<WebhookEventType>().notNull(),
  recordKey: text('record_key').notNull(),
  recordPath: text('record_path').notNull(),
  data: text('data').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastAttemptAt: timestamptz('last_attempt_at'),
  nextAttemptAt: timestamptz('next_attempt_at'),
  statusCode: integer('status_code'),
  responseMs: integer('response_ms'),
  responseExcerpt: text('response_excerpt'),
}, (table) => [
  unique('webhook_deliveries_message_id_key').on(table.messageId),
  enumCheck('webhook_deliveries_status_check', table.status, WEBHOOK_DELIVERY_STATUSES),
  index('webhook_deliveries_endpoint_idx').on(table.endpointId, descending(table.id)),
  index('webhook_deliveries_pending_idx').on(table.endpointId, table.recordKey, table.id).where(sql`${table.status} = 'pending'`),
]);

/** A page of a website source and how its reading went; an indexed one is a document (document_id) with its chunks. */
export const sitePages = pgTable('site_pages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  siteId: integer('site_id').notNull().references(() => siteSources.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  title: text('title'),
  status: text('status', { enum: SITE_PAGE_STATUSES }).notNull().default('found'),
  message: text('message'),
  /** SHA-256 of the text indexed: a crawl run again (after a crash) does not embed an unchanged page twice. */
  contentHash: text('content_hash'),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
  /** Links from the start page (or the sitemap) when found: a sync starts from the pages known, at their depth (migration 3410). */
  depth: integer('depth').notNull().default(0),
  /** The validators its server last sent, sent back as If-None-Match / If-Modified-Since. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** Syncs in a row that found it gone (404/410): the second retires it. */
  goneCount: integer('gone_count').notNull().default(0),
  /** The sync that last checked it, and what that sync found. */
  syncId: integer('sync_id').references((): AnyPgColumn => siteSyncs.id, { onDelete: 'set null' }),
  syncOutcome: text('sync_outcome', { enum: SITE_PAGE_SYNC_OUTCOMES }),
}, (table) => [
  enumCheck('site_pages_status_check', table.status, SITE_PAGE_STATUSES),
  enumCheck('site_pages_sync_outcome_check', table.syncOutcome, SITE_PAGE_SYNC_OUTCOMES),
  unique('site_pages_site_url_key').on(table.siteId, table.url),
]);

/** An uploaded original, stored in parts so no request or job holds a whole file in memory. */
export const documentFiles = pgTable('document_files', {
  fileId: text('file_id').primaryKey(),
  filename: text('filename').notNull(),
  kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** False while the upload is still streaming in. */
  complete: boolean('complete').notNull().default(false),
  /** A file fetched from a URL (migration 3650): the URL, what its server sent to validate it, and the bytes' SHA-256. */
  fetchedUrl: text('fetched_url'),
  fetchedEtag: text('fetched_etag'),
  fetchedLastModified: text('fetched_last_modified'),
  contentHash: text('content_hash'),
}, (table) => [
  enumCheck('document_files_kind_check', table.kind, DOCUMENT_KINDS),
  index('document_files_created_idx').on(table.createdAt),
]);

export const documentFileParts = pgTable(
  'document_file_parts',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => documentFiles.fileId, { onDelete: 'cascade' }),
    partNo: integer('part_no').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.partNo] })],
);

/** What the bot searches: chunks of documents and of approved Inform-the-Bot items. */
export const knowledgeChunks = pgTable('knowledge_chunks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
  informTheBotId: integer('inform_the_bot_id').references(() => informTheBot.id, { onDelete: 'cascade' }),
  chunkIndex: integer('chunk_index').notNull(),
  /** The page it starts on, and the page it ends on (migration 2200); null for text without pages. */
  page: integer('page'),
  content: text('content').notNull(),
  /** The headings it sits under, outermost first, joined by ' › ' (migration 2200). */
  heading: text('heading'),
  pageEnd: integer('page_end'),
  /** Its heading's words (weighted A) and its text's; a pair joined by a slash is itself and its two words (migration 3830). */
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', steward_search_text(coalesce(heading, ''))), 'A') || to_tsvector('english', steward_search_text(content))`,
  ),
  /** The key of its text, whitespace and case aside (migration 3420): what an exclusion is kept by. */
  textKey: text('text_key').generatedAlwaysAs(sql`steward_text_key(content)`),
  /** Its section's first chunk, which repeats nothing of the one before (migration 3800); null when stored before it. */
  startsSection: boolean('starts_section'),
}, (table) => [
  check('knowledge_chunks_check', sql`(${table.documentId} IS NULL) <> (${table.informTheBotId} IS NULL)`),
  index('knowledge_chunks_document_idx').on(table.documentId, table.chunkIndex),
  index('knowledge_chunks_inform_idx').on(table.informTheBotId),
  index('knowledge_chunks_search_idx').using('gin', table.searchVector),
]);

/**
 * Passages of a document staff excluded from every answer (migration 3420, issue 55), by the key of their text,
 * so a re-index that writes new chunks keeps them while the text is unchanged.
 */
export const knowledgeChunkExclusions = pgTable('knowledge_chunk_exclusions', {
  documentId: integer('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
  textKey: text('text_key').notNull(),
  excludedBy: text('excluded_by').notNull(),
  excludedByUserId: integer('excluded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  excludedAt: timestamptz('excluded_at').notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.documentId, table.textKey] })]);

/** A chunk's vectors: one per window of its text the embedding model reads whole (migrations 2100, 2101). */
export const knowledgeChunkWindows = pgTable('knowledge_chunk_windows', {
  chunkId: bigint('chunk_id', { mode: 'number' })
    .notNull()
    .references(() => knowledgeChunks.id, { onDelete: 'cascade' }),
  /** The embedder's generation the vector belongs to (knowledge_store.generation answers; migration 3390). */
  generation: integer('generation').notNull(),
  windowIndex: smallint('window_index').notNull(),
  /** Only where pgvector is available (migrations/2101-knowledge-window-vectors.ts). */
  embedding: anyVector('embedding').notNull(),
}, (table) => [primaryKey({ columns: [table.chunkId, table.generation, table.windowIndex] })]);

/** How many chunks hold each lexeme (kept by migration 1000's triggers): a question's rarest words come first. */
export const knowledgeTerms = pgTable('knowledge_terms', {
  term: text('term').primaryKey(),
  chunks: integer('chunks').notNull(),
}, (table) => [check('knowledge_terms_chunks_check', sql`${table.chunks} > 0`)]);

/** How many chunks there are and how many lexemes they hold in all (one row, kept by migration 2200's triggers): BM25's N and average length. */
export const knowledgeTotals = pgTable('knowledge_totals', {
  id: integer('id').primaryKey(),
  chunks: bigint('chunks', { mode: 'number' }).notNull(),
  lexemes: bigint('lexemes', { mode: 'number' }).notNull(),
}, (table) => [
  check('knowledge_totals_id_check', sql`${table.id} = 1`),
  check('knowledge_totals_chunks_check', sql`${table.chunks} >= 0`),
  check('knowledge_totals_lexemes_check', sql`${table.lexemes} >= 0`),
]);

/** The embedding model the stored vectors were made with (one row). */
export const knowledgeStore = pgTable('knowledge_store', {
  id: integer('id').primaryKey(),
  embeddingModel: text('embedding_model').notNull(),
  embeddingDimensions: integer('embedding_dimensions').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** The generation of vectors that answers, and its embedder as the Answers card names it (migration 3390). */
  generation: integer('generation').notNull().default(1),
  embedder: jsonb('embedder'),
  /** While the re-index job builds the next generation: it, its embedder, model, dimensions and last failure. */
  buildingGeneration: integer('building_generation'),
  buildingEmbedder: jsonb('building_embedder'),
  buildingModel: text('building_model'),
  buildingDimensions: integer('building_dimensions'),
  buildingError: text('building_error'),
  /** npm run reindex's re-reading of documents and items for the build, while under way (migration 3660). */
  buildingRechunk: jsonb('building_rechunk'),
}, (table) => [
  check('knowledge_store_id_check', sql`${table.id} = 1`),
  check(
    'knowledge_store_building_check',
    sql`${table.buildingGeneration} IS NULL OR (${table.buildingGeneration} > ${table.generation} AND ${table.buildingEmbedder} IS NOT NULL)`,
  ),
]);

export const funFacts = pgTable('fun_facts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fact: text('fact').notNull(),
  url: text('url').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Secrets shared by every instance, made once (migration 0800): the chat session signing key. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const botSettings = pgTable('bot_settings', {
  type: text('type').primaryKey(),
  value: text('value').notNull(),
});

export const jobs = pgTable('jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  queue: text('queue').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  runAt: timestamptz('run_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
  /** The instance holding a running job (jobOwnerName): only it renews the lease. */
  lockedBy: text('locked_by'),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  finishedAt: timestamptz('finished_at'),
}, (table) => [
  enumCheck('jobs_status_check', table.status, JOB_STATUSES),
  index('jobs_ready_idx').on(table.queue, table.runAt).where(sql`${table.status} IN ('queued', 'running')`),
]);

/** Append-only (migration 0700's trigger): written by recordAudit, read by the Audit Log screen, purged after AUDIT_RETENTION_DAYS. */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  time: timestamptz('time').notNull().defaultNow(),
  actorId: integer('actor_id'),
  actorName: text('actor_name'),
  actorEmail: text('actor_email'),
  action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
  objectType: text('object_type', { enum: AUDIT_OBJECT_TYPES }),
  objectId: integer('object_id'),
  objectLabel: text('object_label').notNull().default(''),
  details: jsonb('details').$type<AuditDetails>().notNull().default(sql`'{}'::jsonb`),
  ip: text('ip').notNull().default(''),
}, (table) => [
  enumCheck('audit_log_action_check', table.action, AUDIT_ACTIONS),
  enumCheck('audit_log_object_type_check', table.objectType, AUDIT_OBJECT_TYPES),
  index('audit_log_time_idx').on(descending(table.time), descending(table.id)),
  index('audit_log_actor_time_idx').on(table.actorId, descending(table.time), descending(table.id)),
  index('audit_log_action_time_idx').on(table.action, descending(table.time), descending(table.id)),
]);
