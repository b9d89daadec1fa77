import type { Migration } from './migration.ts';

/**
 * Issue 57, outbound webhooks: the endpoints administrators add on the Integrations screen and the deliveries of
 * events to them. An endpoint's signing secret is kept sealed (lib/sealed-secrets.ts, with a key of its own derived
 * from the server's); during a rotation the previous one signs too until `previous_secret_until`. A delivery is one
 * event for one endpoint: its data are fixed when the event happens (`data`, JSON, and `record_path`, the record in the
 * dashboard), so every attempt sends the same body; and its `message_id` is the webhook-id header, the same on every attempt. `record_key` names the record the event
 * is about, so a later event of one record waits for the earlier one's delivery. An endpoint's `kind` is `standard`
(signed events) or a chat channel's incoming webhook (`slack`, `teams`: a readable message, unsigned). The audit log's object type
 * `webhook_endpoint` is allowed here; its actions by 3690.
 */
export const webhooks: Migration = {
  name: '3600-webhooks',
  sql: /* sql */ `
CREATE TABLE webhook_endpoints (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL DEFAULT 'standard' CONSTRAINT webhook_endpoints_kind_check CHECK (kind IN ('standard', 'slack', 'teams')),
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events jsonb NOT NULL,
  include_personal_data boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  failing_since timestamptz,
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_until timestamptz,
  secret_rotated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE webhook_deliveries (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  message_id text NOT NULL CONSTRAINT webhook_deliveries_message_id_key UNIQUE,
  event_type text NOT NULL,
  record_key text NOT NULL,
  record_path text NOT NULL,
  data text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  status_code integer,
  response_ms integer,
  response_excerpt text
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, record_key, id) WHERE status = 'pending';

ALTER TABLE audit_log DROP CONSTRAINT audit_log_object_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_object_type_check CHECK (object_type IN (
  'user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export',
  'chat_session', 'site', 'integration_key', 'webhook_endpoint'
));
`,
};
