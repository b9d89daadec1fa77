import type { ApiClient } from './api-client.ts';

/**
 * A browser's single sign-on through the loopback provider, redirect by redirect: Steward's start, the provider's
 * authorization and sign-in form (signing in as `email`), and the callback back at Steward, whose redirect it answers
 * (`/home`, or `/?sso_error=…`). `tamper` may change the authorization request or the callback on the way.
 */
export async function signInThroughProvider(
  client: ApiClient,
  email: string,
  tamper: { authorization?(url: URL): void; callback?(url: URL): void } = {},
): Promise<string | undefined> {
  const start = await client.navigate('/api/sso/start');
  if (start.status !== 303 || !start.location) throw new Error(`The start did not redirect: ${start.status}`);
  const authorization = new URL(start.location);
  tamper.authorization?.(authorization);
  const provider = new ProviderBrowser();
  let step = await provider.get(authorization.href);
  // To the sign-in form, then past it.
  for (let hops = 0; hops < 10 && step.location && !step.location.includes('/api/sso/callback'); hops += 1) {
    const next = new URL(step.location, authorization);
    step = next.pathname.startsWith('/interaction/') && !step.signedIn
      ? await provider.signIn(next, email)
      : await provider.get(next.href);
  }
  if (!step.location?.includes('/api/sso/callback')) throw new Error(`The provider did not send the browser back: ${step.status} ${step.body}`);
  const callback = new URL(step.location);
  tamper.callback?.(callback);
  return (await client.navigate(`${callback.pathname}${callback.search}`)).location;
}

/** The provider's side of the browser: its own cookies, redirects not followed. */
class ProviderBrowser {
  private cookies = new Map<string, string>();

  async get(url: string): Promise<{ status: number; location: string | undefined; body: string; signedIn?: boolean }> {
    return this.send(url, { method: 'GET' });
  }

  async signIn(formUrl: URL, email: string): Promise<{ status: number; location: string | undefined; body: string; signedIn: boolean }> {
    const form = await this.send(formUrl.href, { method: 'GET' });
    if (form.status !== 200) throw new Error(`No sign-in form: ${form.status} ${form.body}`);
    const posted = await this.send(`${formUrl.href}/login`, { method: 'POST', body: new URLSearchParams({ email }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return { ...posted, signedIn: true };
  }

  private async send(url: string, init: { method: string; body?: string; headers?: Record<string, string> }) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, ...(cookie ? { cookie } : {}) } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    return { status: response.status, location: response.headers.get('location') ?? undefined, body: await response.text() };
  }
}
