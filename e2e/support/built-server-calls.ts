import { expect } from '@playwright/test';
import type { BuiltServer } from './built-server.ts';

/** Signs in to a shipped server as a browser does; answers the session cookie. */
export async function signInTo(server: BuiltServer, staff: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  expect(answer.status).toBe(200);
  return answer.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
}

/** A staff call (GET without a body, POST with JSON or a form) that must answer 200; its rows. */
export async function staffCall(server: BuiltServer, cookie: string, pathname: string, body?: FormData | object): Promise<Record<string, unknown>[]> {
  const headers: Record<string, string> = { cookie, origin: server.url, 'sec-fetch-site': 'same-origin' };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const answer = await fetch(`${server.url}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as { data?: { rows: Record<string, unknown>[] } };
  expect(answer.status, JSON.stringify(json)).toBe(200);
  return json.data?.rows ?? [];
}
