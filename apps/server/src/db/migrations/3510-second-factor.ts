import type { Migration } from './migration.ts';

/**
 * Issue 56, a second factor for staff who sign in with a password. `second_factors` keeps each member's TOTP seed,
 * sealed (AES-256-GCM, modules/auth/second-factor-seal.ts), with the last time step a code was accepted for (a code
 * is good once); a row without `confirmed_at` is an enrolment not yet confirmed. `recovery_codes` keeps only
 * SHA-256 hashes of the one-time codes. `second_factor_challenges` are sign-ins whose password was right and
 * whose second step is pending (the browser holds only the random id). `sign_in_policy` is one row: the second
 * factor's policy, 'off' (the default: nobody is offered one), 'offered' or 'required'. `sessions.sign_in_method` says how a session was signed in.
 */
export const secondFactor: Migration = {
  name: '3510-second-factor',
  sql: /* sql */ `
CREATE TABLE second_factors (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_seed text NOT NULL,
  confirmed_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recovery_codes (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  CONSTRAINT recovery_codes_user_code_key UNIQUE (user_id, code_hash)
);

CREATE TABLE second_factor_challenges (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  step text NOT NULL CONSTRAINT second_factor_challenges_step_check CHECK (step IN ('code', 'enrol')),
  first_method text NOT NULL CONSTRAINT second_factor_challenges_first_method_check CHECK (first_method IN ('password', 'sign_in_link')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX second_factor_challenges_user_idx ON second_factor_challenges (user_id);

CREATE TABLE sign_in_policy (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT sign_in_policy_id_check CHECK (id),
  second_factor text NOT NULL DEFAULT 'off' CONSTRAINT sign_in_policy_second_factor_check CHECK (second_factor IN ('off', 'offered', 'required')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sign_in_policy (id) VALUES (true);

ALTER TABLE sessions ADD COLUMN sign_in_method text CONSTRAINT sessions_sign_in_method_check
  CHECK (sign_in_method IN ('password', 'sign_in_link', 'password_totp', 'password_recovery_code', 'sign_in_link_totp', 'sign_in_link_recovery_code'));

`,
};
