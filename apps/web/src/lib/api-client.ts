import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import type { z } from 'zod';

/** A failed call: the server's message (shown as-is where the spec says so) and the field it concerns. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface EnvelopeBody {
  success?: boolean;
  error?: { message?: string; field?: string };
}

/** A call that never reached the server (offline, refused, aborted). */
export const unreachableServer = (): ApiError =>
  new ApiError('The server cannot be reached. Check your connection and try again.', 0);

/** The parsed answer of a finished call, or the ApiError its envelope (or its status) carries. */
export function readAnswer<Answer>(status: number, body: unknown, answer: z.ZodType<Answer>): Answer {
  const ok = status >= 200 && status < 300;
  if (!ok || (body as EnvelopeBody | undefined)?.success !== true) {
    const error = (body as EnvelopeBody | undefined)?.error;
    throw new ApiError(error?.message ?? `The server answered ${status}.`, status, error?.field);
  }
  return answer.parse(body);
}

/**
 * What every call of the dashboard sends: JSON wanted, and the header no image, link or form can send, without which
 * the GET calls that act (GET /api/logout, the exports) answer 403 (issue 52, @steward/contract/scripted-calls).
 */
export const DASHBOARD_CALL_HEADERS: Readonly<Record<string, string>> = { accept: 'application/json', [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value };

async function call<Answer>(
  path: string,
  init: RequestInit & { answer: z.ZodType<Answer> },
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: init.credentials ?? 'same-origin',
      ...init,
      headers: { ...DASHBOARD_CALL_HEADERS, ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    // A cancelled call (a newer search replaced it) is not a failure to report.
    if (init.signal?.aborted) throw error;
    throw unreachableServer();
  }
  const body: unknown = await response.json().catch(() => undefined);
  return readAnswer(response.status, body, init.answer);
}

export const apiGet = <Answer>(path: string, answer: z.ZodType<Answer>): Promise<Answer> =>
  call(path, { method: 'GET', answer });

export const apiPost = <Answer>(
  path: string,
  body: unknown,
  answer: z.ZodType<Answer>,
  options: { credentials?: RequestCredentials; signal?: AbortSignal } = {},
): Promise<Answer> =>
  call(path, { method: 'POST', body: JSON.stringify(body ?? {}), answer, ...options });

/** Multipart upload (files): the browser sets the content type with its boundary. */
export const apiPostForm = <Answer>(path: string, form: FormData, answer: z.ZodType<Answer>): Promise<Answer> =>
  call(path, { method: 'POST', body: form, answer });
