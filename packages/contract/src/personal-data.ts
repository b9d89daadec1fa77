import { z } from 'zod';
import { idParam } from './envelope.ts';
import { sessionIdParam } from './history.ts';

/**
 * Issue 43, masked unless needed (docs/privacy.md): the server masks visitors' emails, phone numbers and
 * addresses in every list, detail, search result and export; whoever holds view_personal_data may reveal one
 * record, and each reveal is written to the audit log.
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
