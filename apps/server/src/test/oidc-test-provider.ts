import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real, certified OpenID provider (panva's `oidc-provider`) on loopback, for the single sign-on tests (API tests
 * and Playwright). Its accounts are in memory, each with an email, email_verified and groups; its sign-in page is a
 * plain form asking for the email (no password: the tests are about Steward's side). Consent is given at once.
 */
export interface TestOidcAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcOptions {
  accounts: TestOidcAccount[];
  /** The Steward callback(s) to accept: `${PUBLIC_URL}/api/sso/callback`. */
  redirectUris: string[];
  /** Where the provider's logout may send the browser back: `${PUBLIC_URL}/`. */
  postLogoutRedirectUris: string[];
  /** How long an ID token lives (the provider's ttl.IdToken), asked at each token (the child process may change it). */
  idTokenTtlSeconds?: number | (() => number);
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Steward's environment for this provider. */
  environment(extra?: Record<string, string>): Record<string, string>;
  /** The account's groups from now on (its groups claim at its next sign-in). */
  setGroups(email: string, groups: string[]): Promise<void>;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = 'steward-dashboard';
export const TEST_OIDC_CLIENT_SECRET = 'a-client-secret-for-tests-0123456789';
export const TEST_OIDC_GROUPS_CLAIM = 'groups';
export const TEST_OIDC_PROVIDER_NAME = 'Test Identity';

export async function startTestOidcProvider(options: TestOidcOptions): Promise<TestOidcProvider> {
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map(options.accounts.map((account) => [account.email.toLowerCase(), account]));

  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: TEST_OIDC_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: [TEST_OIDC_GROUPS_CLAIM] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    // The claims of the granted scopes go into the ID token too (as Okta, Entra ID, Google and Keycloak send them).
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    // Interaction outlives a clock set ten minutes back (startTestOidcProviderInAChildProcess): its cookie's expiry is
    // written by that clock, and the browser reads it by the real one.
    ttl: { IdToken: idTokenTtl(options.idTokenTtlSeconds), AccessToken: 600, Interaction: 3600, Grant: 3600, Session: 3600 },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_context, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name ?? account.email,
          [TEST_OIDC_GROUPS_CLAIM]: account.groups ?? [],
        }),
      };
    },
    // Consent is given at once: every requested scope, granted.
    loadExistingGrant: async (context: KoaContextWithOIDC) => {
      const { oidc } = context;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const existing = oidc.session.grantIdFor(oidc.client.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      oidc.session.grantIdFor(oidc.client.clientId, grant.jti);
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  handle = (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) return void providerCallback(request, response);
    void (async () => {
      try {
        if (request.method === 'GET') {
          await provider.interactionDetails(request, response);
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(loginPage(`/interaction/${match[1]}/login`));
          return;
        }
        const body = new URLSearchParams(await readBody(request));
        const email = (body.get('email') ?? '').trim().toLowerCase();
        if (!accounts.has(email)) {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(loginPage(`/interaction/${match[1]}/login`, 'No such account at the test provider.'));
          return;
        }
        await provider.interactionFinished(request, response, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : 'error');
      }
    })();
  };

  return {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    environment: (extra = {}) => stewardEnvironment(issuer, extra),
    setGroups: async (email, groups) => {
      const account = accounts.get(email.toLowerCase());
      if (!account) throw new Error(`The test provider has no account ${email}.`);
      accounts.set(email.toLowerCase(), { ...account, groups });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const idTokenTtl = (ttl: TestOidcOptions['idTokenTtlSeconds']): number | (() => number) => ttl ?? 3600;

/** Steward's OIDC_* for a test provider: its groups claim, and dashboard-admins joining as administrators. */
const stewardEnvironment = (issuer: string, extra: Record<string, string>): Record<string, string> => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET,
  OIDC_PROVIDER_NAME: TEST_OIDC_PROVIDER_NAME,
  OIDC_SCOPES: 'openid email profile groups',
  OIDC_GROUPS_CLAIM: TEST_OIDC_GROUPS_CLAIM,
  OIDC_GROUP_ROLES: 'dashboard-admins=admin,support=viewer',
  ...extra,
});

function loginPage(action: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test Identity</title></head><body>
<h1>Test Identity sign-in</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="${action}"><label for="email">Email</label> <input id="email" name="email" type="email" autofocus>
<button type="submit">Continue</button></form></body></html>`;
}

const readBody = (request: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

/** A provider in a child process of its own, whose clock can be set back while it runs. */
export interface TestOidcProviderWithClock extends TestOidcProvider {
  /**
   * Sets the provider's clock `seconds` behind the real one and its ID tokens' lifetime to `idTokenTtlSeconds`
   * (with 600 and 60, each ID token has expired when it arrives, as a provider with a wrong clock or a replayed
   * token would give); `setClockBehind(0)` puts both back.
   */
  setClockBehind(seconds: number, idTokenTtlSeconds?: number): Promise<void>;
}

/**
 * The same provider in a child process (its clock is the process's Date.now, which the tests' own process must
 * keep): started on time, or `clockShiftSeconds` behind with ID tokens of `idTokenTtlSeconds`.
 */
export async function startTestOidcProviderInAChildProcess(options: TestOidcOptions & { clockShiftSeconds?: number }): Promise<TestOidcProviderWithClock> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./oidc-test-provider-process.ts', import.meta.url))], {
    env: { ...process.env, OIDC_TEST_PROVIDER: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { line: RegExp; resolve(match: RegExpExecArray): void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = waiter.line.exec(output);
      if (!match) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      output = output.slice(match.index + match[0].length);
      waiter.resolve(match);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lineOf = (line: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      waiters.push({ line, resolve });
      void exited.then(() => reject(new Error(`The test provider exited:\n${output}`)));
    });
  const issuer = (await lineOf(/^ISSUER (\S+)$/m))[1] ?? '';
  return {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    environment: (extra = {}) => stewardEnvironment(issuer, extra),
    setGroups: async (email, groups) => {
      const set = lineOf(/^GROUPS SET$/m);
      child.stdin.write(`GROUPS ${JSON.stringify({ email, groups })}\n`);
      await set;
    },
    setClockBehind: async (seconds, idTokenTtlSeconds = 3600) => {
      const set = lineOf(/^CLOCK SET$/m);
      child.stdin.write(`CLOCK ${Math.round(seconds)} ${Math.round(idTokenTtlSeconds)}\n`);
      await set;
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** startTestOidcProviderInAChildProcess, its clock behind from the start. */
export const startTestOidcProviderInThePast = (options: TestOidcOptions & { clockShiftSeconds: number }): Promise<TestOidcProvider> =>
  startTestOidcProviderInAChildProcess(options);
