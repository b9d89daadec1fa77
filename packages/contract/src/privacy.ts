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

// What a shorter retention deletes (issue 58)

/**
 * The kinds whose retention `proposed` shortens: from for ever to some days, or to fewer days. Saving one of them
 * deletes older rows within the hour, so the screen shows how many first and asks to confirm; a longer or equal
 * retention deletes nothing more and is saved at once.
 */
export const retentionShortened = (inForce: RetentionSettings, proposed: RetentionSettings): RetentionKind[] =>
  RETENTION_KINDS.filter((kind) => {
    const days = proposed[kind];
    const now = inForce[kind];
    return days !== null && (now === null || days < now);
  });

/** Counts stop here on each side of the cut-off, so a preview at a million rows reads at most twice this many index entries a kind. */
export const RETENTION_PREVIEW_COUNT_CAP = 10_000;

/**
 * POST /api/data-retention/preview (body as the save's): per kind, how many rows are older than the proposed days,
 * which the hourly clean-up deletes within the hour once it is saved. `rows` is exact unless `more_than`: then more
 * than RETENTION_PREVIEW_COUNT_CAP rows go and as many stay, and `total` says of how many. null days: 0 rows.
 */
export const retentionPreviewRow = z.object({
  kind: z.enum(RETENTION_KINDS),
  days: z.number().int().nullable(),
  rows: z.number().int(),
  more_than: z.boolean(),
  total: z.number().int(),
});
export type RetentionPreviewRow = z.infer<typeof retentionPreviewRow>;

/** What each kind's rows are, one and many, for the preview's lines. */
export const RETENTION_KIND_UNITS: Record<RetentionKind, readonly [one: string, many: string]> = {
  history: ['question with its answer', 'questions with their answers'],
  feedback: ['rating', 'ratings'],
  helpRequests: ['help request', 'help requests'],
  auditLog: ['audit log entry', 'audit log entries'],
};

export const RETENTION_PREVIEW_TEXTS = {
  title: 'Delete older data?',
  intro: 'With this retention, the hourly clean-up deletes within the hour:',
  after: 'Deleted data cannot be brought back. The statistics keep their counts.',
  /** When every count is 0: saving deletes nothing now, only later what grows older. */
  nothingYet: 'Nothing stored is older than this yet, so saving deletes nothing now; from then on the hourly clean-up deletes what grows older.',
  confirm: 'Save and delete',
  confirmNothing: 'Save',
  /** "Chat history (older than 30 days): 1,234 questions with their answers". */
  line: (row: RetentionPreviewRow): string => {
    const [one, many] = RETENTION_KIND_UNITS[row.kind];
    const count = row.more_than
      ? `more than ${row.rows.toLocaleString('en-US')} of ${row.total.toLocaleString('en-US')} ${many}`
      : `${row.rows.toLocaleString('en-US')} ${row.rows === 1 ? one : many}`;
    return `${RETENTION_KIND_LABELS[row.kind]} (older than ${(row.days ?? 0).toLocaleString('en-US')} ${row.days === 1 ? 'day' : 'days'}): ${count}`;
  },
} as const;

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
