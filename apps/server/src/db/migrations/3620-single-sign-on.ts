import type { Migration } from './migration.ts';

/**
 * Issue 56, single sign-on with OpenID Connect. `sso_settings` is one row: the email domains whose people may join
 * by signing in (none by default) and whether single sign-on is the only way in. `sso_break_glass` names the
 * administrators who may still sign in with a password then. `sso_sessions` keeps a single-sign-on session's ID
 * token, for the provider's logout (id_token_hint); it goes with its session. Sessions signed in with 'oidc' and
 * the audit log's three actions of single sign-on are allowed by 3690, which rewrote both checks for every feature
 * that landed with this one.
 */
export const singleSignOn: Migration = {
  name: '3620-single-sign-on',
  sql: /* sql */ `
CREATE TABLE sso_settings (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT sso_settings_id_check CHECK (id),
  join_domains jsonb NOT NULL DEFAULT '[]'::jsonb,
  sso_only boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sso_settings (id) VALUES (true);

CREATE TABLE sso_break_glass (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sso_sessions (
  session_id_hash text PRIMARY KEY REFERENCES sessions (id_hash) ON DELETE CASCADE,
  id_token text NOT NULL
);

`,
};
