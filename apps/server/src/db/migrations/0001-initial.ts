import type { Migration } from './migration.ts';

/** Every table of the product. Later changes are new migrations, never edits here. */
export const initial: Migration = {
  name: '0001-initial',
  sql: /* sql */ `
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  password_hash text NOT NULL,
  theme text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
  created_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_capabilities (
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  capability text NOT NULL,
  PRIMARY KEY (role, capability)
);
INSERT INTO role_capabilities (role, capability) VALUES
  ('admin', 'read_documents'),
  ('admin', 'read_inform_the_bot'),
  ('admin', 'read_user_accounts'),
  ('admin', 'create_inform_the_bot'),
  ('admin', 'create_user'),
  ('admin', 'delete_user'),
  ('admin', 'update_help_request_status'),
  ('admin', 'update_bot_settings'),
  ('admin', 'upload_document'),
  ('viewer', 'read_documents'),
  ('viewer', 'read_inform_the_bot'),
  ('viewer', 'read_user_accounts'),
  ('viewer', 'create_inform_the_bot'),
  ('viewer', 'update_help_request_status');

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'password_reset', 'email_verification')),
  email text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  name text,
  role text CHECK (role IN ('admin', 'viewer')),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_tokens_purpose_email_idx ON auth_tokens (purpose, email);

CREATE TABLE trusted_browsers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  browser_hash text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, browser_hash)
);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  hits integer NOT NULL
);

CREATE TABLE chat_sessions (
  session_id text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  last_message_at timestamptz NOT NULL,
  message_count integer NOT NULL DEFAULT 0
);
CREATE INDEX chat_sessions_started_at_idx ON chat_sessions (started_at);

CREATE TABLE history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id text NOT NULL,
  user_message text NOT NULL,
  api_response text NOT NULL,
  source_docs jsonb NOT NULL DEFAULT '[]'::jsonb,
  origin text,
  account jsonb,
  time timestamptz NOT NULL DEFAULT now(),
  country text NOT NULL DEFAULT '',
  user_ip text NOT NULL DEFAULT '',
  search tsvector GENERATED ALWAYS AS (
    to_tsvector('english'::regconfig, coalesce(user_message, '') || ' ' || coalesce(api_response, ''))
  ) STORED
);
CREATE INDEX history_time_idx ON history (time DESC, id DESC);
CREATE INDEX history_session_idx ON history (session_id, time, id);
CREATE INDEX history_search_idx ON history USING gin (search);

CREATE TABLE feedback (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  history_id bigint REFERENCES history(id) ON DELETE SET NULL,
  session_id text NOT NULL,
  user_message text NOT NULL,
  api_response text NOT NULL,
  rating text NOT NULL CHECK (rating IN ('up', 'down')),
  reason jsonb NOT NULL DEFAULT '[]'::jsonb,
  user_feedback text NOT NULL DEFAULT '',
  user_ip text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  time timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    to_tsvector('english'::regconfig, coalesce(user_feedback, '') || ' ' || coalesce(user_message, '') || ' ' || coalesce(api_response, ''))
  ) STORED
);
CREATE INDEX feedback_time_idx ON feedback (time DESC, id DESC);
CREATE INDEX feedback_rating_time_idx ON feedback (rating, time DESC, id DESC);
CREATE INDEX feedback_search_idx ON feedback USING gin (search);

CREATE TABLE help_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id text,
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  origin_url text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'resolved')),
  user_ip text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  time timestamptz NOT NULL DEFAULT now(),
  status_changed_at timestamptz,
  status_changed_by integer REFERENCES users(id) ON DELETE SET NULL,
  search tsvector GENERATED ALWAYS AS (
    to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(message, ''))
  ) STORED
);
CREATE INDEX help_requests_time_idx ON help_requests (time DESC, id DESC);
CREATE INDEX help_requests_status_time_idx ON help_requests (status, time DESC, id DESC);
CREATE INDEX help_requests_search_idx ON help_requests USING gin (search);

-- Row counts per list filter, kept in the same transaction as the rows (count(*) is too slow at 1M rows).
CREATE TABLE list_counters (
  name text PRIMARY KEY,
  count bigint NOT NULL DEFAULT 0
);

-- Per UTC hour: what the statistics screen sums, kept in the same transaction as the rows.
CREATE TABLE statistics_rollup (
  hour timestamptz PRIMARY KEY,
  sessions integer NOT NULL DEFAULT 0,
  questions integer NOT NULL DEFAULT 0,
  up_ratings integer NOT NULL DEFAULT 0,
  down_ratings integer NOT NULL DEFAULT 0
);

CREATE TABLE inform_the_bot (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  content text NOT NULL,
  type text NOT NULL DEFAULT 'information' CHECK (type IN ('information', 'file', 'correction')),
  question text,
  feedback_id integer REFERENCES feedback(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved')),
  time timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_edited_by integer REFERENCES users(id) ON DELETE SET NULL,
  approved_by integer REFERENCES users(id) ON DELETE SET NULL,
  approved_at timestamptz
);
CREATE INDEX inform_the_bot_time_idx ON inform_the_bot (time DESC, id DESC);

CREATE TABLE documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_id text NOT NULL UNIQUE,
  filename text NOT NULL,
  title text NOT NULL,
  source_url text NOT NULL,
  content_type text NOT NULL DEFAULT '',
  byte_size bigint NOT NULL DEFAULT 0,
  uploaded_by text NOT NULL,
  uploaded_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  upload_date timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'completed', 'error')),
  error_message text
);
CREATE INDEX documents_upload_date_idx ON documents (upload_date DESC, id DESC);

CREATE TABLE fun_facts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fact text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bot_settings (
  type text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO bot_settings (type, value) VALUES ('supportMessageThreshold', '3'), ('helpRequestEmails', '[]');

-- Durable background work (mail, ingestion), claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  queue text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_ready_idx ON jobs (queue, run_at) WHERE status IN ('queued', 'running');
`,
};
