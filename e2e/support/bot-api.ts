import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_BOT_API_KEY } from './e2e-constants.ts';

/**
 * Seeds conversations the way the chatbot does: through the bot API with the e2e
 * server's key. Each call answers the stored row's id.
 */
const botHeaders = { authorization: `Bearer ${E2E_BOT_API_KEY}` };

export interface BotMessage {
  session_id: string;
  user_message: string;
  api_response: string;
  source_docs?: (string | { metadata: { filename: string; source_url: string } })[];
  origin?: string | null;
  account?: { primary_id?: string; secondary_id?: string; email?: string } | null;
  user_ip?: string;
  country?: string;
  time?: string;
}

export interface BotFeedback {
  history_id: number;
  rating: 'up' | 'down';
  reason?: string[];
  user_feedback?: string;
  user_ip?: string;
  country?: string;
  time?: string;
}

async function idOf(answer: Awaited<ReturnType<APIRequestContext['post']>>): Promise<number> {
  const body = (await answer.json()) as { success: boolean; data?: { rows: { id: number }[] }; error?: { message: string } };
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  const id = body.data?.rows[0]?.id;
  if (id === undefined) throw new Error(`No id in ${JSON.stringify(body)}`);
  return id;
}

export const postBotMessage = async (request: APIRequestContext, message: BotMessage): Promise<number> =>
  idOf(await request.post('/api/bot/messages', { headers: botHeaders, data: message }));

export const postBotFeedback = async (request: APIRequestContext, rating: BotFeedback): Promise<number> =>
  idOf(await request.post('/api/bot/feedback', { headers: botHeaders, data: rating }));

let counter = 0;
/** A session id no other test uses. */
export const uniqueSessionId = (label: string): string => `${label}-${Date.now()}-${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;

export interface BotHelpRequest {
  session_id?: string;
  name: string;
  email: string;
  message: string;
  origin_url?: string | null;
  user_ip?: string;
  time?: string;
}

export const postBotHelpRequest = async (request: APIRequestContext, helpRequest: BotHelpRequest): Promise<number> =>
  idOf(await request.post('/api/bot/help-requests', { headers: botHeaders, data: helpRequest }));
