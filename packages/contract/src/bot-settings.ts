import { z } from 'zod';

export const BOT_SETTINGS_MESSAGES = {
  saved: 'You have successfully saved the bot settings.',
  funFactUpdated: 'You have successfully updated the fun fact.',
  funFactDeleted: 'This fun fact has been successfully deleted.',
  helpRequestEmailDeleted: 'This help request email has been successfully deleted.',
  thresholdInvalid: `The support message threshold must be a whole number from 0 to 1000.`,
  emailsInvalid: 'Please enter valid email addresses.',
  tooManyEmails: 'At most 50 help request emails can be saved.',
  nothingToSave: 'Send supportMessageThreshold, helpRequestEmails or both.',
  factsRequired: 'Please fill in all the facts.',
  factRequired: 'Please fill in the fact.',
  urlsInvalid: 'Please enter valid URL(s).',
  urlInvalid: 'Please enter a valid URL.',
  tooManyFunFacts: 'At most 20 fun facts can be added at once.',
  funFactNotFound: 'This fun fact no longer exists.',
  thresholdHelp: 'The number of questions asked before a support message is triggered.',
} as const;

export const SUPPORT_MESSAGE_THRESHOLD = { min: 0, max: 1000 } as const;
export const MAX_HELP_REQUEST_EMAILS = 50;
export const MAX_FUN_FACT_LENGTH = 1000;
export const MAX_URL_LENGTH = 2048;

/** Setting names (bot_settings.type). Only the threshold is public: the chatbot reads it without cookies. */
export const BOT_SETTING_TYPES = ['supportMessageThreshold', 'helpRequestEmails'] as const;
export const botSettingType = z.enum(BOT_SETTING_TYPES);
export type BotSettingType = z.infer<typeof botSettingType>;
export const PUBLIC_BOT_SETTINGS: readonly BotSettingType[] = ['supportMessageThreshold'];

/** A row of GET /api/bot-settings, as stored: the threshold as digits, the emails as a JSON array. */
export const botSettingRow = z.object({ type: botSettingType, value: z.string() });

export const supportMessageThreshold = z
  .number({ error: BOT_SETTINGS_MESSAGES.thresholdInvalid })
  .int(BOT_SETTINGS_MESSAGES.thresholdInvalid)
  .min(SUPPORT_MESSAGE_THRESHOLD.min, BOT_SETTINGS_MESSAGES.thresholdInvalid)
  .max(SUPPORT_MESSAGE_THRESHOLD.max, BOT_SETTINGS_MESSAGES.thresholdInvalid);

/** What an email input accepts: no spaces, one @ with something on each side (no rule beyond the input type). */
const EMAIL_INPUT_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** Trimmed, empty entries dropped, duplicates removed (ignoring case). */
export const helpRequestEmails = z
  .array(z.string({ error: BOT_SETTINGS_MESSAGES.emailsInvalid }).max(254, BOT_SETTINGS_MESSAGES.emailsInvalid), {
    error: BOT_SETTINGS_MESSAGES.emailsInvalid,
  })
  .max(MAX_HELP_REQUEST_EMAILS * 2, BOT_SETTINGS_MESSAGES.tooManyEmails)
  .transform((emails) => {
    const kept = new Map<string, string>();
    for (const email of emails.map((entry) => entry.trim())) {
      if (email !== '' && !kept.has(email.toLowerCase())) kept.set(email.toLowerCase(), email);
    }
    return [...kept.values()];
  })
  .refine((emails) => emails.every((email) => EMAIL_INPUT_PATTERN.test(email)), BOT_SETTINGS_MESSAGES.emailsInvalid)
  .refine((emails) => emails.length <= MAX_HELP_REQUEST_EMAILS, BOT_SETTINGS_MESSAGES.tooManyEmails);

/** POST /api/bot-settings: either setting or both; what is sent replaces what is saved. */
export const saveBotSettingsRequest = z.strictObject({
  settings: z
    .strictObject({
      supportMessageThreshold: supportMessageThreshold.optional(),
      helpRequestEmails: helpRequestEmails.optional(),
    }, { error: BOT_SETTINGS_MESSAGES.nothingToSave })
    .refine(
      (settings) => settings.supportMessageThreshold !== undefined || settings.helpRequestEmails !== undefined,
      BOT_SETTINGS_MESSAGES.nothingToSave,
    ),
});
export type SaveBotSettingsRequest = z.input<typeof saveBotSettingsRequest>;

/** The threshold form: the number input's text, checked with the server's rule. */
export const thresholdForm = z.object({
  supportMessageThreshold: z
    .string()
    .trim()
    .regex(/^\d+$/, BOT_SETTINGS_MESSAGES.thresholdInvalid)
    .refine((value) => Number(value) <= SUPPORT_MESSAGE_THRESHOLD.max, BOT_SETTINGS_MESSAGES.thresholdInvalid),
});
export type ThresholdForm = z.infer<typeof thresholdForm>;

/** http(s) only: a fun fact's link is shown to the chatbot's visitors, so no javascript: or data: URLs. */
// eslint-disable-next-line security/detect-unsafe-regex -- linear: the host class excludes the separators that start the optional tail, and the length is capped first
const WEB_URL_PATTERN = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i;
export const isWebUrl = (value: string): boolean => value.length <= MAX_URL_LENGTH && WEB_URL_PATTERN.test(value);

const funFactFields = (factMessage: string, urlMessage: string) =>
  z.strictObject({
    fact: z.string({ error: factMessage }).trim().min(1, factMessage).max(MAX_FUN_FACT_LENGTH, `A fact is at most ${MAX_FUN_FACT_LENGTH} characters long.`),
    url: z.string({ error: urlMessage }).trim().refine(isWebUrl, urlMessage),
  });

/** Adding: the messages speak of all the rows. */
export const newFunFact = funFactFields(BOT_SETTINGS_MESSAGES.factsRequired, BOT_SETTINGS_MESSAGES.urlsInvalid);
/** Editing one fact. */
export const editedFunFact = funFactFields(BOT_SETTINGS_MESSAGES.factRequired, BOT_SETTINGS_MESSAGES.urlInvalid);
export type FunFactFields = z.infer<typeof editedFunFact>;

export const MAX_NEW_FUN_FACTS = 20;

/** POST /api/fun-facts/new */
export const newFunFactsRequest = z.strictObject({
  funFacts: z
    .array(newFunFact, { error: BOT_SETTINGS_MESSAGES.factsRequired })
    .min(1, BOT_SETTINGS_MESSAGES.factsRequired)
    .max(MAX_NEW_FUN_FACTS, BOT_SETTINGS_MESSAGES.tooManyFunFacts),
});
export type NewFunFactsRequest = z.infer<typeof newFunFactsRequest>;

/** POST /api/fun-facts/edit/{id} */
export const editFunFactRequest = z.strictObject({ funFact: editedFunFact });
export type EditFunFactRequest = z.infer<typeof editFunFactRequest>;

export const funFactRow = z.object({ id: z.number().int(), fact: z.string(), url: z.string() });
export type FunFactRow = z.infer<typeof funFactRow>;

/** POST /api/fun-facts/new answers "a list of results, each with rows" (spec section 7): one result per fact. */
export const newFunFactsAnswer = z.object({
  success: z.literal(true),
  data: z.array(z.object({ rows: z.array(funFactRow) })),
});

export { funFactPreview } from './chat-constants.ts';
