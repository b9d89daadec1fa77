import type { ApiBody, ApiResponse } from './api-client.ts';
import type { TestApp } from './test-app.ts';

/** A page of another site that BOT_ALLOWED_ORIGINS lets use the chat in the chat tests. */
export const SHOP_ORIGIN = 'https://shop.example.com';

/**
 * Calls a public chat call as a visitor's browser does from a page of `origin` (cross-site, no
 * cookies), or, with `origin: null`, as a server would (no Origin header at all).
 */
export async function chatCall(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  options: { body?: unknown; origin?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse<ApiBody>> {
  const origin = options.origin === undefined ? SHOP_ORIGIN : options.origin;
  const response = await fetch(`${testApp.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(origin === null ? {} : { origin, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: ApiBody;
  try {
    body = (text === '' ? {} : JSON.parse(text)) as ApiBody;
  } catch {
    body = { success: false, error: { message: text } };
  }
  return { status: response.status, body, headers: response.headers };
}

/** The first row of a successful chat answer. */
export const firstRow = (answer: ApiResponse<ApiBody>): Record<string, unknown> => {
  const row = answer.body.data?.rows[0];
  if (!row) throw new Error(`No row in the answer (${answer.status}): ${JSON.stringify(answer.body)}`);
  return row;
};

export interface StreamedEvent {
  event: string;
  data: unknown;
}

/** POST /api/chat/ask asking for Server-Sent Events (from a page of `origin`, if given); the events in the order they came. */
export async function askStreaming(
  testApp: TestApp,
  body: unknown,
  origin?: string,
): Promise<{ status: number; contentType: string; headers: Headers; events: StreamedEvent[] }> {
  const response = await fetch(`${testApp.baseUrl}/api/chat/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(origin ? { origin, 'sec-fetch-site': 'cross-site' } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const events = text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? 'message';
      const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? '';
      return { event, data: JSON.parse(data) as unknown };
    });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', headers: response.headers, events };
}
