/**
 * The Drizzle view of the tables that migrations/ creates. Keep both in step:
 * the migration is what runs, this is what queries are typed against.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  vector,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ['admin', 'viewer'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  theme: text('theme', { enum: ['light', 'dark'] }).notNull().default('light'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
});

export const roleCapabilities = pgTable(
  'role_capabilities',
  {
    role: text('role', { enum: ['admin', 'viewer'] }).notNull(),
    capability: text('capability').notNull(),
  },
  (table) => [primaryKey({ columns: [table.role, table.capability] })],
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
});

export const authTokens = pgTable('auth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose', { enum: ['invitation', 'password_reset', 'email_verification'] }).notNull(),
  email: text('email').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  name: text('name'),
  role: text('role', { enum: ['admin', 'viewer'] }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

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

export const chatSessions = pgTable('chat_sessions', {
  sessionId: text('session_id').primaryKey(),
  startedAt: timestamptz('started_at').notNull(),
  lastMessageAt: timestamptz('last_message_at').notNull(),
  messageCount: integer('message_count').notNull().default(0),
});

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
    sql`to_tsvector('english'::regconfig, coalesce(user_message, '') || ' ' || coalesce(api_response, ''))`,
  ),
});

export const feedback = pgTable('feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  historyId: bigint('history_id', { mode: 'number' }).references(() => history.id, { onDelete: 'set null' }),
  sessionId: text('session_id').notNull(),
  userMessage: text('user_message').notNull(),
  apiResponse: text('api_response').notNull(),
  rating: text('rating', { enum: ['up', 'down'] }).notNull(),
  reason: jsonb('reason').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  userFeedback: text('user_feedback').notNull().default(''),
  userIp: text('user_ip').notNull().default(''),
  country: text('country').notNull().default(''),
  time: timestamptz('time').notNull().defaultNow(),
  search: tsvector('search').generatedAlwaysAs(
    sql`to_tsvector('english'::regconfig, coalesce(user_feedback, '') || ' ' || coalesce(user_message, '') || ' ' || coalesce(api_response, ''))`,
  ),
});

export const helpRequests = pgTable('help_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sessionId: text('session_id'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  originUrl: text('origin_url'),
  status: text('status', { enum: ['pending', 'resolved'] }).notNull().default('pending'),
  userIp: text('user_ip').notNull().default(''),
  country: text('country').notNull().default(''),
  time: timestamptz('time').notNull().defaultNow(),
  statusChangedAt: timestamptz('status_changed_at'),
  statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
  search: tsvector('search').generatedAlwaysAs(
    sql`to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(message, ''))`,
  ),
});

export const listCounters = pgTable('list_counters', {
  name: text('name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

export const statisticsRollup = pgTable('statistics_rollup', {
  hour: timestamptz('hour').primaryKey(),
  sessions: integer('sessions').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  upRatings: integer('up_ratings').notNull().default(0),
  downRatings: integer('down_ratings').notNull().default(0),
});

/** The same sums per UTC quarter hour (migration 0101), for time zones at :30 and :45. */
export const statisticsRollupQuarter = pgTable('statistics_rollup_quarter', {
  quarter: timestamptz('quarter').primaryKey(),
  sessions: integer('sessions').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  upRatings: integer('up_ratings').notNull().default(0),
  downRatings: integer('down_ratings').notNull().default(0),
});

/** The same sums per UTC day (migration 0100), kept by bumpStatisticsRollup alongside the hourly row. */
export const statisticsRollupDaily = pgTable('statistics_rollup_daily', {
  day: timestamptz('day').primaryKey(),
  sessions: integer('sessions').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  upRatings: integer('up_ratings').notNull().default(0),
  downRatings: integer('down_ratings').notNull().default(0),
});

// A trigger (migration 0400) keeps list_counters 'inform_the_bot' equal to this table's row count.
export const informTheBot = pgTable('inform_the_bot', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  content: text('content').notNull(),
  type: text('type', { enum: ['information', 'file', 'correction'] }).notNull().default('information'),
  question: text('question'),
  feedbackId: integer('feedback_id').references(() => feedback.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['pending', 'approved'] }).notNull().default('pending'),
  time: timestamptz('time').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  lastEditedBy: integer('last_edited_by').references(() => users.id, { onDelete: 'set null' }),
  approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamptz('approved_at'),
});

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
  status: text('status', { enum: ['in_progress', 'completed', 'error'] }).notNull().default('in_progress'),
  errorMessage: text('error_message'),
});

/** Exists only where pgvector is available (see migrations/0002-document-chunks.ts). */
export const documentChunks = pgTable('document_chunks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'cascade' }),
  informTheBotId: integer('inform_the_bot_id').references(() => informTheBot.id, { onDelete: 'cascade' }),
  chunkIndex: integer('chunk_index').notNull(),
  page: integer('page'),
  content: text('content').notNull(),
  embedding: vector('embedding', { dimensions: 256 }).notNull(),
});

export const funFacts = pgTable('fun_facts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fact: text('fact').notNull(),
  url: text('url').notNull(),
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
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  runAt: timestamptz('run_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  finishedAt: timestamptz('finished_at'),
});
