import { z } from 'zod';
import { idParam } from './envelope.ts';
import { sessionIdParam } from './history.ts';

/**
 * Issue 43, masked unless needed, made a choice by issue 58 (docs/privacy.md): off by default, every screen shows
 * visitors' emails, phone numbers and addresses whole, as the spec describes. An administrator may turn masking
 * on: then the server masks them in every list, detail, search result and export; whoever holds
 * view_personal_data may reveal one record, and each reveal is written to the audit log.
 */
export const PERSONAL_DATA_TEXTS = {
  reveal: 'Reveal',
  revealLabel: 'Reveal personal data',
  revealing: 'Revealing…',
  revealed: 'Personal data revealed. The reveal is recorded in the audit log.',
} as const;

/** What a reveal opens: a chat session (History), a feedback, or a help request. */
export const PERSONAL_DATA_KINDS = ['history', 'feedback', 'help_request'] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** POST /api/personal-data/reveal */
export const revealPersonalDataRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('history'), session_id: sessionIdParam }),
    z.strictObject({ kind: z.literal('feedback'), id: idParam }),
    z.strictObject({ kind: z.literal('help_request'), id: idParam }),
  ],
  { error: 'The kind must be "history", "feedback" or "help_request".' },
);
export type RevealPersonalDataRequest = z.input<typeof revealPersonalDataRequest>;

/**
 * One record's personal fields, whole: a history exchange (user_message, account, user_ip), a feedback
 * (user_message, user_feedback, user_ip) or a help request (email, message, user_ip). The screen puts them in
 * place of the masked ones by id.
 */
export const revealedPersonalDataRow = z.object({
  id: z.number().int(),
  user_ip: z.string(),
  user_message: z.string().optional(),
  account: z.string().nullable().optional(),
  user_feedback: z.string().optional(),
  email: z.string().optional(),
  message: z.string().optional(),
});
export type RevealedPersonalData = z.infer<typeof revealedPersonalDataRow>;

// The setting (issue 58): Bot Settings' "Visitors' personal data" card, GET and POST /api/personal-data/masking.

export const PERSONAL_DATA_MASKING_TEXTS = {
  title: "Visitors' personal data",
  label: "Mask visitors' personal data",
  off: "Off: every screen, search and export shows the visitors' emails, phone numbers and IP addresses whole, to everyone who may open it.",
  on: "On: the server masks them (j•••@example.com, 203.0.113.•) everywhere; whoever may see personal data reveals one record at a time on its screen, and each reveal is recorded in the audit log.",
  always: 'Card numbers are masked when they are stored, either way.',
  saved: "You have successfully saved the masking of visitors' personal data.",
  invalid: "Say whether visitors' personal data is masked: true or false.",
} as const;

/** GET /api/personal-data/masking's row, and POST's answer: whether the server masks visitors' personal data. */
export const personalDataMaskingRow = z.object({ masked: z.boolean() });
export type PersonalDataMasking = z.infer<typeof personalDataMaskingRow>;

/** POST /api/personal-data/masking (holders of update_bot_settings, audited). */
export const savePersonalDataMaskingRequest = z.strictObject(
  { masked: z.boolean({ error: PERSONAL_DATA_MASKING_TEXTS.invalid }) },
  { error: PERSONAL_DATA_MASKING_TEXTS.invalid },
);
export type SavePersonalDataMaskingRequest = z.infer<typeof savePersonalDataMaskingRequest>;
