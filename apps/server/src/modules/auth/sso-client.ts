import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';

/**
 * The OpenID Connect relying party, through panva's certified `openid-client`: discovery from the issuer, the
 * authorization code flow with PKCE (S256), state and nonce, and the ID token's validation (signature against the
 * provider's keys, issuer, audience, expiry, nonce). Nothing of JOSE is written here.
 */
export const SSO_CALLBACK_PATH = '/api/sso/callback';

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** One discovery per issuer and process, kept; a failed one is tried again at the next sign-in. */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerOf(settings: OidcConfig): Promise<oidc.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    const loopbackHttp = new URL(settings.issuer).protocol === 'http:';
    configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      // config.ts allows http:// only for an issuer on a loopback address.
      ...(loopbackHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    configuration.catch(() => discovered.delete(key));
    discovered.set(key, configuration);
  }
  return configuration;
}

/** What the browser keeps (sealed, in a cookie) between the start and the callback. */
export interface PendingSsoSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL for a new sign-in, and what the callback must find again. */
export async function beginSsoSignIn(settings: OidcConfig, callbackUrl: string): Promise<{ url: URL; pending: PendingSsoSignIn }> {
  const configuration = await providerOf(settings);
  const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl,
    scope: settings.scopes.join(' '),
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

export interface SsoIdentity {
  claims: Record<string, unknown>;
  idToken: string;
}

/** Why the provider's answer was not accepted, for the audit entry (never the code, a token or a claim's value). */
export type SsoFailure = 'provider_refused' | 'state_mismatch' | 'nonce_mismatch' | 'id_token_expired' | 'token_invalid' | 'provider_unreachable';

export class SsoFailedError extends Error {
  constructor(
    readonly failure: SsoFailure,
    /** The library's error code (for example OAUTH_JWT_CLAIM_COMPARISON_FAILED), for the log. */
    readonly libraryCode: string | undefined,
  ) {
    super(`Single sign-on failed: ${failure}`);
  }
}

/**
 * Trades the callback's code for tokens (with the PKCE verifier) and validates the ID token; answers its claims,
 * with the userinfo endpoint's when the ID token lacks the email or the groups claim.
 */
export async function finishSsoSignIn(settings: OidcConfig, callbackUrl: URL, pending: PendingSsoSignIn): Promise<SsoIdentity> {
  let configuration: oidc.Configuration;
  try {
    configuration = await providerOf(settings);
  } catch (error) {
    throw new SsoFailedError('provider_unreachable', codeOf(error));
  }
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idTokenClaims = tokens.claims();
    if (!idTokenClaims || !tokens.id_token) throw new SsoFailedError('token_invalid', undefined);
    let claims: Record<string, unknown> = { ...idTokenClaims };
    const missing = claims.email === undefined || (settings.groupsClaim !== undefined && claims[settings.groupsClaim] === undefined);
    if (missing && configuration.serverMetadata().userinfo_endpoint) {
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idTokenClaims.sub);
      claims = { ...userInfo, ...claims, ...(claims.email === undefined ? { email: userInfo.email, email_verified: userInfo.email_verified } : {}) };
      if (settings.groupsClaim && claims[settings.groupsClaim] === undefined) claims[settings.groupsClaim] = userInfo[settings.groupsClaim];
    }
    return { claims, idToken: tokens.id_token };
  } catch (error) {
    if (error instanceof SsoFailedError) throw error;
    throw new SsoFailedError(failureOf(error), codeOf(error));
  }
}

const codeOf = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : error instanceof Error ? error.name : undefined;

/** openid-client wraps oauth4webapi's errors: the messages of the whole chain say which check failed. */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) messages.push(current.message);
  return messages.join(' | ');
}

function failureOf(error: unknown): SsoFailure {
  if (error instanceof oidc.AuthorizationResponseError) return 'provider_refused';
  const message = messagesOf(error);
  if (/"state"/.test(message)) return 'state_mismatch';
  if (/"nonce"/.test(message)) return 'nonce_mismatch';
  if (/"exp"|"iat"/.test(message)) return 'id_token_expired';
  if (error instanceof TypeError && /fetch/i.test(message)) return 'provider_unreachable';
  return 'token_invalid';
}

/** The provider's logout for a single-sign-on session (RP-initiated logout), when its discovery names one. */
export async function ssoEndSessionUrl(settings: OidcConfig, idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
  const configuration = await providerOf(settings);
  if (!configuration.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(configuration, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
}
