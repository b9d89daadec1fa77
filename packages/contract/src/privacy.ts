import { z } from 'zod';
import { MAX_EMAIL_LENGTH, SIMPLE_EMAIL_PATTERN } from './email-address.ts';

/**
 * Issue 43, privacy: how long the visitors' data is kept (Bot Settings' "Data retention", GET and POST
 * /api/data-retention) and the erasure of what is stored about one visitor (the Privacy screen,
 * POST /api/personal-data/find and /erase). docs/privacy.md says what each kind holds.
 */

/** The kinds with a retention of their own, in the order the screens show them. */
export const RETENTION_KINDS = ['history', 'feedback', 'helpRequests', 'auditLog'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_KIND_LABELS: Record<RetentionKind, string> = {
  history: 'Chat history',
  feedback: 'Feedback',
  helpRequests: 'Help requests',
  auditLog: 'Audit log',
};

/** A retention, saved or from the environment (RETENTION_*_DAYS, AUDIT_RETENTION_DAYS): whole days in this range, or null for "keep for ever". */
export const RETENTION_DAYS = { min: 1, max: 36500 } as const;

export const RETENTION_MESSAGES = {
  saved: 'You have successfully saved the data retention.',
  daysInvalid: `Keep a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}, or leave it empty to keep for ever.`,
  allKindsRequired: 'Send the retention of chat history, feedback, help requests and the audit log.',
  keptForEver: 'Kept for ever',
} as const;

/** Days, or null to keep for ever. */
export const retentionDays = z
  .number({ error: RETENTION_MESSAGES.daysInvalid })
  .int(RETENTION_MESSAGES.daysInvalid)
  .min(RETENTION_DAYS.min, RETENTION_MESSAGES.daysInvalid)
  .max(RETENTION_DAYS.max, RETENTION_MESSAGES.daysInvalid)
  .nullable();

/** Each kind's retention: days, or null for "keep for ever". */
export const retentionSettings = z.strictObject(
  {
    history: retentionDays,
    feedback: retentionDays,
    helpRequests: retentionDays,
    auditLog: retentionDays,
  },
  { error: RETENTION_MESSAGES.allKindsRequired },
);
export type RetentionSettings = z.infer<typeof retentionSettings>;

/** POST /api/data-retention: all four kinds at once (what the form shows is what is saved). */
export const saveRetentionRequest = z.strictObject({ retention: retentionSettings }, { error: RETENTION_MESSAGES.allKindsRequired });
export type SaveRetentionRequest = z.infer<typeof saveRetentionRequest>;

/**
 * A row of GET /api/data-retention: the retention in force (`days`, null = for ever) and whether it is
 * saved in Bot Settings or the server's environment default (`default_days`, null = for ever).
 */
export const retentionRow = z.object({
  kind: z.enum(RETENTION_KINDS),
  days: z.number().int().nullable(),
  default_days: z.number().int().nullable(),
  saved: z.boolean(),
});
export type RetentionRow = z.infer<typeof retentionRow>;

/** The Data retention form: each input's text, empty for "keep for ever", checked with the server's rule. */
const retentionInput = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d+$/.test(value) && retentionDays.safeParse(Number(value)).success), RETENTION_MESSAGES.daysInvalid);
export const retentionForm = z.object({
  history: retentionInput,
  feedback: retentionInput,
  helpRequests: retentionInput,
  auditLog: retentionInput,
});
export type RetentionForm = z.infer<typeof retentionForm>;

/** The form's text → the call's days. */
export const retentionFromForm = (form: RetentionForm): RetentionSettings => ({
  history: form.history.trim() === '' ? null : Number(form.history),
  feedback: form.feedback.trim() === '' ? null : Number(form.feedback),
  helpRequests: form.helpRequests.trim() === '' ? null : Number(form.helpRequests),
  auditLog: form.auditLog.trim() === '' ? null : Number(form.auditLog),
});

// Erasure on request

/** How the visitor is named: the email of a help request, a chat session id, or the IP address they came from. */
export const PERSONAL_DATA_SELECTORS = ['email', 'sessionId', 'ip'] as const;
export type PersonalDataSelector = (typeof PERSONAL_DATA_SELECTORS)[number];

export const PERSONAL_DATA_SELECTOR_LABELS: Record<PersonalDataSelector, string> = {
  email: 'Email',
  sessionId: 'Session ID',
  ip: 'IP address',
};

export const PERSONAL_DATA_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  sessionIdInvalid: 'Please enter a session ID (at most 200 characters, no spaces).',
  ipInvalid: 'Please enter a valid IPv4 or IPv6 address.',
  selectorInvalid: 'Choose Email, Session ID or IP address.',
  nothingFound: 'Nothing is stored about this visitor.',
  erased: 'The visitor’s data has been erased.',
  confirmErase: 'Erase everything listed? This cannot be undone.',
} as const;

/**
 * The stores an erasure reaches, in the order the screen lists them. The audit log's entries that quote the visitor
 * are redacted, not deleted (who did what stays; issue 52); the outbox is DATA_DIR/outbox of the server that erases.
 */
export const PERSONAL_DATA_TABLES = ['history', 'feedback', 'helpRequests', 'helpRequestReplies', 'chatSessions', 'queuedMails', 'outboxMails', 'auditEntries'] as const;
export type PersonalDataTable = (typeof PERSONAL_DATA_TABLES)[number];

export const PERSONAL_DATA_TABLE_LABELS: Record<PersonalDataTable, string> = {
  history: 'Chat history (questions and answers)',
  feedback: 'Feedback',
  helpRequests: 'Help requests',
  helpRequestReplies: 'Replies to help requests',
  chatSessions: 'Chat sessions',
  queuedMails: 'Mails and notifications in the queue',
  outboxMails: 'Mails in the outbox folder (no mail server)',
  auditEntries: 'Audit log entries quoting them (redacted: who did what stays)',
};

const IPV4 = z.ipv4();
const IPV6 = z.ipv6();
export const isIpAddress = (value: string): boolean => IPV4.safeParse(value).success || IPV6.safeParse(value).success;
const SESSION_ID_PATTERN = /^\S{1,200}$/;

/** POST /api/personal-data/find and /erase: which kind of name, and the name itself (checked by kind). */
export const personalDataRequest = z
  .strictObject({
    kind: z.enum(PERSONAL_DATA_SELECTORS, { error: PERSONAL_DATA_MESSAGES.selectorInvalid }),
    value: z.string({ error: PERSONAL_DATA_MESSAGES.selectorInvalid }).trim().max(MAX_EMAIL_LENGTH * 2),
  })
  .superRefine(({ kind, value }, context) => {
    const ok =
      kind === 'email'
        ? value.length <= MAX_EMAIL_LENGTH && SIMPLE_EMAIL_PATTERN.test(value)
        : kind === 'ip'
          ? isIpAddress(value)
          : SESSION_ID_PATTERN.test(value);
    if (!ok) {
      const message = kind === 'email' ? PERSONAL_DATA_MESSAGES.emailInvalid : kind === 'ip' ? PERSONAL_DATA_MESSAGES.ipInvalid : PERSONAL_DATA_MESSAGES.sessionIdInvalid;
      context.addIssue({ code: 'custom', message, path: ['value'] });
    }
  });
export type PersonalDataRequest = z.infer<typeof personalDataRequest>;
export type PersonalDataForm = z.input<typeof personalDataRequest>;

/** One row of the answer: a store and how many of its rows are (find) or were (erase) about the visitor. */
export const personalDataCountRow = z.object({ table: z.enum(PERSONAL_DATA_TABLES), count: z.number().int() });
export type PersonalDataCountRow = z.infer<typeof personalDataCountRow>;
