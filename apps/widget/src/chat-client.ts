import type { ChatAnswer, ChatAskRequest, ChatFeedbackRequest, ChatHelpRequest } from '@steward/contract/chat';
import type { WidgetAppearance } from '@steward/contract/chat-constants';
import { readServerSentEvents } from './server-sent-events.ts';

/** The public chat calls, as the widget makes them; tests give the widget a fake instead. */
export interface ChatClient {
  /** Asks the bot; `onDelta` gets the plain-text pieces of a streamed answer as they arrive. */
  ask(request: ChatAskRequest, onDelta: (text: string) => void): Promise<ChatAnswer>;
  sendFeedback(request: ChatFeedbackRequest): Promise<void>;
  sendHelpRequest(request: ChatHelpRequest): Promise<void>;
  funFacts(): Promise<string[]>;
  /** The look saved in Bot Settings (GET appearance); what is missing or malformed reads as the defaults. */
  appearance(): Promise<Partial<WidgetAppearance>>;
}

/** A refusal or failure, with the text to show the visitor (the server's error.message when it gave one). */
export class ChatCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const UNREACHABLE_MESSAGE = 'The chat cannot be reached right now. Please try again in a moment.';

/** The calls over fetch, against `apiBase` (the Steward server's `/api/chat/`). */
export function createChatClient(apiBase: string): ChatClient {
  const post = (path: string, body: unknown, accept = 'application/json') =>
    call(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
      // No cookies: the chat is anonymous; the signed session_id says who is who.
      credentials: 'omit',
    });

  return {
    async ask(request, onDelta) {
      const response = await post('ask', request, 'text/event-stream, application/json;q=0.9');
      const type = response.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream') && response.body) return readStreamedAnswer(response.body, onDelta);
      return firstRow<ChatAnswer>(await readJson(response));
    },
    async sendFeedback(request) {
      await readJson(await post('feedback', request));
    },
    async sendHelpRequest(request) {
      await readJson(await post('help-request', request));
    },
    async appearance() {
      const response = await call(`${apiBase}appearance`, { headers: { accept: 'application/json' }, credentials: 'omit' });
      return readAppearance(firstRow<Record<string, unknown>>(await readJson(response)));
    },
    async funFacts() {
      const response = await call(`${apiBase}fun-facts`, { headers: { accept: 'application/json' }, credentials: 'omit' });
      const facts = firstRow<{ facts?: unknown }>(await readJson(response)).facts;
      return Array.isArray(facts) ? facts.filter((fact): fact is string => typeof fact === 'string' && fact.trim() !== '') : [];
    },
  };
}

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ChatCallError(UNREACHABLE_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
    const message = body?.error?.message;
    throw new ChatCallError(typeof message === 'string' && message !== '' ? message : UNREACHABLE_MESSAGE, response.status);
  }
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new ChatCallError(UNREACHABLE_MESSAGE, response.status);
  }
}

/** Every answer is `{ success: true, data: { rows: [row] } }`. */
function firstRow<Row>(body: unknown): Row {
  const row = (body as { data?: { rows?: unknown[] } } | undefined)?.data?.rows?.[0];
  if (typeof row !== 'object' || row === null) throw new ChatCallError(UNREACHABLE_MESSAGE);
  return row as Row;
}

/** The `delta` pieces go to `onDelta`; the `answer` event ends it, an `error` event throws its message. */
export async function readStreamedAnswer(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void): Promise<ChatAnswer> {
  for await (const event of readServerSentEvents(body)) {
    const data = parseJson(event.data);
    if (event.event === 'delta') {
      const text = (data as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string') onDelta(text);
    } else if (event.event === 'answer' && typeof data === 'object' && data !== null) {
      return data as ChatAnswer;
    } else if (event.event === 'error') {
      const message = (data as { message?: unknown } | undefined)?.message;
      throw new ChatCallError(typeof message === 'string' && message !== '' ? message : UNREACHABLE_MESSAGE);
    }
  }
  // The connection closed before the answer: the server or a proxy cut it.
  throw new ChatCallError(UNREACHABLE_MESSAGE);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Only well-formed fields of an appearance answer: a text, a #rrggbb colour, a list of texts. */
export function readAppearance(row: Record<string, unknown>): Partial<WidgetAppearance> {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const found: Partial<WidgetAppearance> = {};
  const title = text(row.title);
  const greeting = text(row.greeting);
  if (title) found.title = title;
  if (greeting) found.greeting = greeting;
  if (typeof row.accent_color === 'string' && /^#[0-9a-f]{6}$/i.test(row.accent_color)) found.accent_color = row.accent_color;
  if (Array.isArray(row.suggested_questions)) {
    found.suggested_questions = row.suggested_questions.filter((question): question is string => typeof question === 'string' && question.trim() !== '');
  }
  return found;
}
