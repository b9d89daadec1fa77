import type { GeneratedSession } from './dataset/generate-dataset.ts';

/** Posts one call of the bot API and answers the new row's id. */
async function postBot(url: string, botApiKey: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${botApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => undefined)) as { data?: { rows?: { id?: number }[] }; error?: { message?: string } } | undefined;
  const id = answer?.data?.rows?.[0]?.id;
  if (!response.ok || id === undefined) {
    throw new Error(`POST ${path} answered ${response.status}: ${answer?.error?.message ?? 'no id'}`);
  }
  return id;
}

export interface FedSession {
  helpRequestId: number | undefined;
}

/**
 * Reports one generated session through the bot API, as the chatbot would: each exchange
 * (POST /api/bot/messages), its feedback (POST /api/bot/feedback) and a help request.
 */
export async function feedSession(url: string, botApiKey: string, session: GeneratedSession): Promise<FedSession> {
  for (const exchange of session.exchanges) {
    const historyId = await postBot(url, botApiKey, '/api/bot/messages', {
      session_id: session.sessionId,
      user_message: exchange.userMessage,
      api_response: exchange.apiResponse,
      source_docs: exchange.sourceDocs,
      origin: exchange.origin,
      account: session.account,
      user_ip: session.userIp,
      country: session.country,
      time: exchange.time.toISOString(),
    });
    if (exchange.feedback) {
      await postBot(url, botApiKey, '/api/bot/feedback', {
        history_id: historyId,
        rating: exchange.feedback.rating,
        reason: exchange.feedback.reason,
        user_feedback: exchange.feedback.userFeedback,
        user_ip: session.userIp,
        country: session.country,
        time: exchange.feedback.time.toISOString(),
      });
    }
  }
  const help = session.helpRequest;
  if (!help) return { helpRequestId: undefined };
  const helpRequestId = await postBot(url, botApiKey, '/api/bot/help-requests', {
    name: help.name,
    email: help.email,
    message: help.message,
    origin_url: help.originUrl,
    session_id: session.sessionId,
    user_ip: session.userIp,
    country: session.country,
    time: help.time.toISOString(),
  });
  return { helpRequestId: help.resolved ? helpRequestId : undefined };
}
