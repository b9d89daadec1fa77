import { CHAT_TEXTS } from '@steward/contract/chat';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';

const WINDOW_SECONDS = 60;

/**
 * What a public chat call uses up: `questions` (ask) or `extras` (ratings, help requests, fun facts). Each has
 * its own allowance, so a visitor who rates the answers and whose widget loads the fun facts is not refused
 * a question sooner; a flood of either kind is still stopped.
 */
export type ChatBudget = 'questions' | 'extras';

/**
 * Counts a public chat call against the visitor's address and, when it names one, its chat session, in its
 * budget (CHAT_RATE_LIMIT_PER_IP and CHAT_RATE_LIMIT_PER_SESSION a minute each, in the database so every
 * instance counts together). Past either limit: 429 with Retry-After.
 */
export async function countChatCall(
  db: Db,
  limits: Config['chatRateLimits'],
  budget: ChatBudget,
  caller: { ip: string; sessionId: string | undefined },
): Promise<void> {
  // The questions' keys are the ones used before budgets existed, so windows running at an upgrade carry on.
  const prefix = budget === 'questions' ? 'chat' : 'chat-extras';
  // An IPv6 client is counted by its /64: one subscriber usually holds all of it.
  await hit(db, `${prefix}:ip:${rateLimitAddress(caller.ip)}`, { limit: limits.perIpPerMinute, windowSeconds: WINDOW_SECONDS });
  if (caller.sessionId) await hit(db, `${prefix}:session:${caller.sessionId}`, { limit: limits.perSessionPerMinute, windowSeconds: WINDOW_SECONDS });
}

async function hit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  const result = await hitRateLimit(db, key, rule);
  if (!result.allowed) throw new HttpError(429, CHAT_TEXTS.tooManyRequests, undefined, { 'retry-after': String(result.retryAfterSeconds) });
}
