import { z } from 'zod';
import { WIDGET_APPEARANCE_LIMITS as LIMITS, type WidgetAppearance } from './chat-constants.ts';

/**
 * The bot's look, edited in Bot Settings: the widget's title, greeting, accent colour and suggested
 * questions, the answer it gives when it does not know (empty: CHAT_TEXTS.dontKnow), and the sites
 * allowed to embed it (besides BOT_ALLOWED_ORIGINS and PUBLIC_URL). Stored as one bot_settings row.
 */
export const BOT_APPEARANCE_MESSAGES = {
  saved: 'You have successfully saved the bot settings.',
  titleRequired: 'Please enter the chat title.',
  titleTooLong: `The chat title is at most ${LIMITS.title} characters long.`,
  greetingRequired: 'Please enter a greeting.',
  greetingTooLong: `The greeting is at most ${LIMITS.greeting} characters long.`,
  accentInvalid: 'Please choose the accent colour as #rrggbb, such as #0b57b0.',
  tooManyQuestions: `At most ${LIMITS.suggestedQuestions} suggested questions.`,
  questionTooLong: `A suggested question is at most ${LIMITS.suggestedQuestion} characters long.`,
  dontKnowTooLong: `The "don't know" answer is at most ${LIMITS.dontKnow} characters long.`,
  siteInvalid: 'Please enter each allowed site as its address, such as https://shop.example.com.',
  tooManySites: `At most ${LIMITS.allowedSites} allowed sites.`,
} as const;

const M = BOT_APPEARANCE_MESSAGES;

/** A site's origin from what was typed ("https://shop.example.com/any/page" → "https://shop.example.com"); undefined if not http(s). */
export function siteOrigin(value: string): string | undefined {
  const match = SITE_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[2] ?? '').toLowerCase();
  const port = match[3];
  const defaultPort = scheme === 'https' ? '443' : '80';
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}
/** scheme, host (a name, IPv4 or [IPv6]) and port; a path, query or fragment may follow. */
// eslint-disable-next-line security/detect-unsafe-regex -- linear: the classes exclude the separators that end each part, and the input is at most 2,048 characters
const SITE_PATTERN = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(?:[/?#]\S*)?$/i;

const trimmedList = (max: number, itemMax: number, tooMany: string, tooLong: string) =>
  z
    .array(z.string({ error: tooLong }).max(itemMax * 4, tooLong))
    .max(max * 4, tooMany)
    .transform((items) => [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))])
    .refine((items) => items.every((item) => item.length <= itemMax), tooLong)
    .refine((items) => items.length <= max, tooMany);

export const botAppearance = z.strictObject({
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(LIMITS.title, M.titleTooLong),
  greeting: z.string({ error: M.greetingRequired }).trim().min(1, M.greetingRequired).max(LIMITS.greeting, M.greetingTooLong),
  accent_color: z
    .string({ error: M.accentInvalid })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, M.accentInvalid)
    .transform((value) => value.toLowerCase()),
  suggested_questions: trimmedList(LIMITS.suggestedQuestions, LIMITS.suggestedQuestion, M.tooManyQuestions, M.questionTooLong),
  /** Empty: the built-in answer (CHAT_TEXTS.dontKnow). */
  dont_know_text: z.string({ error: M.dontKnowTooLong }).trim().max(LIMITS.dontKnow, M.dontKnowTooLong),
  /** Origins (scheme, host and port) whose pages may use the chat. */
  allowed_sites: z
    .array(z.string({ error: M.siteInvalid }).max(2048, M.siteInvalid), { error: M.siteInvalid })
    .max(LIMITS.allowedSites * 4, M.tooManySites)
    .transform((sites) => sites.map((site) => site.trim()).filter((site) => site !== ''))
    .refine((sites) => sites.every((site) => siteOrigin(site) !== undefined), M.siteInvalid)
    .transform((sites) => [...new Set(sites.map((site) => siteOrigin(site) ?? site))])
    .refine((sites) => sites.length <= LIMITS.allowedSites, M.tooManySites),
});
export type BotAppearance = z.output<typeof botAppearance>;
export type BotAppearanceInput = z.input<typeof botAppearance>;

/** POST /api/bot-appearance (update_bot_settings): the whole look at once; what is sent replaces what is saved. */
export const saveBotAppearanceRequest = z.strictObject({ appearance: botAppearance });

/** GET /api/bot-appearance (login): what is saved, and what the server adds that the dashboard cannot change. */
export const botAppearanceRow = z.object({
  title: z.string(),
  greeting: z.string(),
  accent_color: z.string(),
  suggested_questions: z.array(z.string()),
  dont_know_text: z.string(),
  allowed_sites: z.array(z.string()),
  /** BOT_ALLOWED_ORIGINS and the dashboard's own origin: always allowed, set in the server's environment. */
  environment_origins: z.array(z.string()),
  /** The dashboard's address (PUBLIC_URL): the embed snippet's. */
  public_url: z.string(),
});
export type BotAppearanceRow = z.infer<typeof botAppearanceRow>;

/** GET /api/chat/appearance (public): what the widget shows. */
export const chatAppearanceRow = z.object({
  title: z.string(),
  greeting: z.string(),
  accent_color: z.string(),
  suggested_questions: z.array(z.string()),
}) satisfies z.ZodType<WidgetAppearance>;

/** The embed line for a site's HTML. */
export const widgetSnippet = (publicUrl: string): string => `<script src="${publicUrl.replace(/\/+$/, '')}/widget.js" defer></script>`;

/** The dashboard's form: the lists typed one a line; checked and shaped by the same rules as the call. */
export const botAppearanceForm = z
  .object({
    title: z.string(),
    greeting: z.string(),
    accent_color: z.string(),
    suggested_questions: z.string(),
    dont_know_text: z.string(),
    allowed_sites: z.string(),
  })
  .transform((form) => ({ ...form, suggested_questions: form.suggested_questions.split('\n'), allowed_sites: form.allowed_sites.split('\n') }))
  .pipe(botAppearance);
export type BotAppearanceFormValues = z.input<typeof botAppearanceForm>;
