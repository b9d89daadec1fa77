import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
}

/** What a stubbed route answers: a status and a JSON body, or a promise of them (to hold a call open). */
export type StubAnswer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Stubs `fetch`: each call is answered by the first route whose "METHOD /path" prefix matches
 * (an unmatched call fails the test). Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, (call: StubbedCall) => StubAnswer>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call: StubbedCall = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      };
      calls.push(call);
      const answer = Object.entries(routes).find(([key]) => `${call.method} ${path}`.startsWith(key))?.[1];
      if (!answer) throw new Error(`No stubbed answer for ${call.method} ${path}`);
      const { status = 200, body } = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export const rowsBody = (rows: unknown[]) => ({ success: true, data: { rows } });
export const failureBody = (message: string) => ({ success: false, error: { message } });
