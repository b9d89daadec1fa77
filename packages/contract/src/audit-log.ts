import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { isoDay, LIST_FILTER_MESSAGES } from './list-filters.ts';
import { MAX_TIMEZONE_OFFSET_HOURS } from './statistics.ts';

/**
 * The staff actions the audit log records (issue 14), each with the words the Audit Log screen
 * shows. Role and capability changes have no route today, so there is nothing to record for them;
 * `data_exported` is for the CSV exports, recorded by each export route.
 */
export const AUDIT_ACTION_LABELS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_in_alert: 'Many failed sign-ins',
  sign_out: 'Signed out',
  user_invited: 'Invited a user',
  user_registered: 'Registered from an invitation',
  password_reset: 'Reset the password',
  password_changed: 'Changed the password',
  user_deleted: 'Deleted a user',
  information_created: 'Added information',
  information_edited: 'Edited information',
  information_approved: 'Approved information',
  information_deleted: 'Deleted information',
  document_uploaded: 'Uploaded a document',
  document_edited: 'Edited a document',
  document_replaced: 'Replaced a document',
  document_deleted: 'Deleted a document',
  bot_settings_changed: 'Changed bot settings',
  fun_fact_added: 'Added a fun fact',
  fun_fact_edited: 'Edited a fun fact',
  fun_fact_deleted: 'Deleted a fun fact',
  help_request_resolved: 'Resolved a help request',
  help_request_reopened: 'Reopened a help request',
  data_exported: 'Exported data',
  help_request_replied: 'Replied to a help request',
  personal_data_revealed: 'Revealed personal data',
  data_retention_purged: 'Deleted data past its retention',
  personal_data_erased: "Erased a visitor's data",
  site_added: 'Added a website',
  site_cancelled: 'Cancelled reading a website',
  site_deleted: 'Deleted a website',
  site_synced: 'Synced a website',
  site_sync_schedule_changed: 'Changed a website’s sync schedule',
  integration_key_created: 'Created an integration key',
  integration_key_scopes_changed: "Changed an integration key's scopes",
  integration_key_revoked: 'Revoked an integration key',
  integration_key_refused: 'Refused an integration key beyond its scopes',
  second_factor_enrolled: 'Set up a second factor',
  second_factor_removed: 'Removed the second factor',
  second_factor_reset: "Reset a user's second factor",
  second_factor_code_refused: 'Refused a second-factor code',
  recovery_code_used: 'Used a recovery code',
  recovery_codes_renewed: 'Renewed the recovery codes',
  second_factor_policy_changed: 'Changed the second-factor policy',
  chunk_excluded: 'Excluded a passage from answers',
  chunk_included: 'Included a passage in answers again',
  weekly_report_offer_changed: 'Changed whether the weekly report is offered',
  weekly_report_subscribed: 'Subscribed to the weekly report',
  weekly_report_unsubscribed: 'Unsubscribed from the weekly report',
  document_synced: 'Synced a document from its URL',
  document_sync_schedule_changed: 'Changed a document’s sync schedule',
  session_ended: 'Ended a session',
  sessions_ended: "Ended a user's sessions",
  passkey_added: 'Added a passkey',
  passkey_renamed: 'Renamed a passkey',
  passkey_removed: 'Removed a passkey',
  passkey_refused: 'Refused a passkey',
  sso_sign_in_refused: 'Refused a single sign-on',
  sso_user_joined: 'Joined through single sign-on',
  sso_settings_changed: 'Changed the single sign-on settings',
  webhook_endpoint_created: 'Added a webhook endpoint',
  webhook_endpoint_changed: 'Changed a webhook endpoint',
  webhook_endpoint_deleted: 'Deleted a webhook endpoint',
  webhook_secret_rotated: "Rotated a webhook endpoint's secret",
  webhook_redelivered: 'Sent a webhook event again',
  webhook_test_message_sent: 'Sent a test message to a Slack or Teams endpoint',
  user_role_changed: "Changed a user's role",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'The action is not one the audit log records.' });

/**
 * Who signed in, how, and what changed in the way they do (issue 56): the Audit Log's "All identity events" choice
 * (action_group 'identity'). A new sign-in or account action belongs here too.
 */
export const IDENTITY_AUDIT_ACTIONS = [
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset', 'password_changed',
  'user_deleted', 'second_factor_enrolled', 'second_factor_removed', 'second_factor_reset', 'second_factor_code_refused',
  'recovery_code_used', 'recovery_codes_renewed', 'second_factor_policy_changed', 'session_ended', 'sessions_ended',
  'passkey_added', 'passkey_renamed', 'passkey_removed', 'passkey_refused', 'sso_sign_in_refused', 'sso_user_joined',
  'sso_settings_changed', 'user_role_changed',
] as const satisfies readonly AuditAction[];
export const AUDIT_ACTION_GROUPS = { identity: IDENTITY_AUDIT_ACTIONS } as const;
export const auditActionGroupSchema = z.enum(['identity'], { error: 'The group of actions is not one the audit log knows.' });
export type AuditActionGroup = z.infer<typeof auditActionGroupSchema>;

/** What an entry is about; each kind has a screen the row links to (web: features/audit-log/object-route.ts). */
export const AUDIT_OBJECT_TYPES = ['user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export', 'chat_session', 'site', 'integration_key', 'webhook_endpoint'] as const;
export const auditObjectTypeSchema = z.enum(AUDIT_OBJECT_TYPES);
export type AuditObjectType = z.infer<typeof auditObjectTypeSchema>;

/** A few facts about an action (which settings changed, how many items): small, flat, never secrets. */
export const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One entry. The actor's name and email are as they were then, so entries of deleted accounts still read well. */
export const auditEntryRow = z.object({
  id: z.number().int(),
  time: isoTimestamp,
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: auditActionSchema,
  object_type: auditObjectTypeSchema.nullable(),
  object_id: z.number().int().nullable(),
  object_label: z.string(),
  /** The object is still there (an account not deleted since, …): only then does the row link to it. */
  object_exists: z.boolean(),
  details: auditDetailsSchema,
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntryRow>;

export const AUDIT_LOG_MESSAGES = {
  empty: 'No audit entries yet.',
  noMatches: 'No entries match these filters.',
  dateInvalid: LIST_FILTER_MESSAGES.dateInvalid,
  datesReversed: LIST_FILTER_MESSAGES.datesReversed,
  offsetInvalid: LIST_FILTER_MESSAGES.offsetInvalid,
} as const;


/**
 * POST /api/audit-log/{pageIndex}: every filter is optional. `from` and `to` are days in the viewer's
 * time zone (both included), read with `timezone_offset_hours` as the statistics read theirs.
 */
export const auditLogListRequest = z
  .strictObject({
    actor_id: z.number().int().positive().optional(),
    action: auditActionSchema.optional(),
    /** Additive (issue 56): only the actions of a group, e.g. every identity event. */
    action_group: auditActionGroupSchema.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    timezone_offset_hours: z
      .number({ error: AUDIT_LOG_MESSAGES.offsetInvalid })
      .min(-MAX_TIMEZONE_OFFSET_HOURS, AUDIT_LOG_MESSAGES.offsetInvalid)
      .max(MAX_TIMEZONE_OFFSET_HOURS, AUDIT_LOG_MESSAGES.offsetInvalid)
      .default(0),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, { message: AUDIT_LOG_MESSAGES.datesReversed, path: ['to'] });
export type AuditLogListRequest = z.input<typeof auditLogListRequest>;
export type AuditLogFilters = z.output<typeof auditLogListRequest>;

export const auditLogPageAnswer = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(auditEntryRow), total_count: z.number().int() }),
});
export type AuditLogPage = z.infer<typeof auditLogPageAnswer>['data'];

/** GET /api/audit-log-people: everyone who appears as an actor, for the person filter (latest name and email). */
export const auditLogPersonRow = z.object({ actor_id: z.number().int(), name: z.string(), email: z.string() });
export type AuditLogPerson = z.infer<typeof auditLogPersonRow>;

/** The people filter's entries: one line each, "Name (email)". */
export const auditPersonLabel = (person: Pick<AuditLogPerson, 'name' | 'email'>): string => `${person.name} (${person.email})`;
