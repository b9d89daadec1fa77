/**
 * The bot API's field limits (see bot.ts), in a module without zod so the chat widget can read them
 * without bundling zod.
 */
export const BOT_LIMITS = {
  sessionId: 200,
  userMessage: 20_000,
  apiResponse: 200_000,
  sourceDocs: 50,
  filename: 500,
  url: 2048,
  accountField: 254,
  reasons: 20,
  reason: 500,
  userFeedback: 5_000,
  name: 200,
  helpMessage: 10_000,
} as const;
