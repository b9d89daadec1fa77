import type { Migration } from './migration.ts';

/**
 * Issue 56, passkeys (WebAuthn): a second factor after the password, and a way to sign in without one.
 * `passkeys` keeps each member's credentials (several, each named): the credential id and COSE public key the
 * authenticator gave at registration, its signature counter and backup flags. `passkey_challenges` are the
 * ceremonies' challenges, kept as SHA-256 hashes only, each good once and for five minutes, for one purpose
 * (registering, a second step, a sign-in without a password) and, but for the last, one member.
 * Sessions signed in with a passkey ('passkey') or a password and a passkey, and the audit log's passkey actions
 * (added, renamed, removed, refused), are allowed by 3690, which rewrote both checks for every feature that landed
 * with this one.
 */
export const passkeys: Migration = {
  name: '3630-passkeys',
  sql: /* sql */ `
CREATE TABLE passkeys (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL CONSTRAINT passkeys_credential_id_key UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  device_type text NOT NULL CONSTRAINT passkeys_device_type_check CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

CREATE TABLE passkey_challenges (
  challenge_hash text PRIMARY KEY,
  purpose text NOT NULL CONSTRAINT passkey_challenges_purpose_check CHECK (purpose IN ('register', 'second_factor', 'sign_in')),
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

`,
};
