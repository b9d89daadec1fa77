import { z } from 'zod';

/**
 * GET /api/getting-started (login): what the Home screen's first-run checklist needs to say what is done
 * and what is next. Counts, not rows: it is read on every visit to Home.
 */
export const gettingStartedRow = z.object({
  /** BOT_API_KEY is set: a chatbot can report to /api/bot/*. */
  bot_api_key_configured: z.boolean(),
  /** Integration keys that work now (neither revoked nor expired) with a bot API scope, made on Integrations: a chatbot can report with one. */
  integration_keys: z.number().int(),
  /** Sites other than the dashboard that may embed the widget (BOT_ALLOWED_ORIGINS and Bot Settings). */
  allowed_sites: z.number().int(),
  conversations: z.number().int(),
  documents: z.number().int(),
  /** Staff who may approve Inform-the-Bot items (REVIEW_INFORMATION_CAPABILITY): a team needs two, since nobody approves their own. */
  approvers: z.number().int(),
  /** PUBLIC_URL: the snippet and curl examples use it. */
  public_url: z.string(),
});
export type GettingStarted = z.infer<typeof gettingStartedRow>;
