import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canManageSingleSignOn } from '@steward/contract/permissions';
import { saveSsoSettingsRequest, ssoAvailabilityRow, ssoEndSessionRow, type SsoRefusal, ssoSettingsRow } from '@steward/contract/single-sign-on';
import type { AppContext } from '../../app-context.ts';
import { signedIn } from '../../plugins/access.ts';
import { actorOf } from '../audit-log/record-audit.ts';
import { type SsoFailure, SsoFailedError, beginSsoSignIn, finishSsoSignIn, SSO_CALLBACK_PATH, ssoEndSessionUrl } from './sso-client.ts';
import { keepPendingSsoSignIn, takePendingSsoSignIn } from './sso-pending.ts';
import { accountForSsoIdentity, refuse } from './sso-sign-in.ts';
import { presentSsoSettings, saveSsoSettings } from './sso.actions.ts';
import { findSsoSessionIdToken, readSsoPolicy, saveSsoSession } from './sso.repository.ts';
import { sessionIdOf } from './session-cookie.ts';
import { startSession } from './start-session.ts';

/** How a failed validation reads on the login screen: the provider said no, or the answer was not accepted. */
const REFUSAL_OF_FAILURE: Record<SsoFailure, SsoRefusal> = {
  provider_refused: 'cancelled',
  state_mismatch: 'failed',
  nonce_mismatch: 'failed',
  id_token_expired: 'failed',
  token_invalid: 'failed',
  provider_unreachable: 'failed',
};

/**
 * Single sign-on with OpenID Connect (docs/accounts.md): the login screen's availability, the start (to the
 * provider) and the callback (back from it, to /home or to the login screen with the refusal), the provider's
 * logout, and Sign-in security's settings.
 */
export async function ssoRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const callbackUrl = `${config.publicUrl}${SSO_CALLBACK_PATH}`;
  const toLogin = (reply: FastifyReply, refusal: SsoRefusal) => reply.redirect(`/?sso_error=${refusal}`, 303);

  api.get(
    '/api/sso',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(ssoAvailabilityRow) } } },
    async () => {
      if (!config.oidc) return { success: true as const, data: { rows: [] } };
      const { ssoOnly } = await readSsoPolicy(db);
      return { success: true as const, data: { rows: [{ provider_name: config.oidc.providerName, sso_only: ssoOnly }] } };
    },
  );

  // Browser navigations (the login screen's button, the provider's redirect), not the dashboard's scripted calls.
  api.get('/api/sso/start', { config: { access: 'public' } }, async (request, reply) => {
    if (!config.oidc) return toLogin(reply, 'not_configured');
    try {
      const { url, pending } = await beginSsoSignIn(config.oidc, callbackUrl);
      await keepPendingSsoSignIn(db, config, reply, pending);
      return await reply.redirect(url.href, 303);
    } catch (error) {
      request.log.warn({ err: error }, 'Single sign-on could not start: the provider did not answer its discovery.');
      return toLogin(reply, 'failed');
    }
  });

  api.get(SSO_CALLBACK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    if (!config.oidc) return toLogin(reply, 'not_configured');
    const pending = await takePendingSsoSignIn(db, config, request, reply);
    if (!pending) {
      await refuse(db, request, '', 'expired', undefined, 'no_pending_sign_in');
      return toLogin(reply, 'expired');
    }
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let identity;
    try {
      identity = await finishSsoSignIn(config.oidc, new URL(`${callbackUrl}${query}`), pending);
    } catch (error) {
      if (!(error instanceof SsoFailedError)) throw error;
      request.log.warn({ failure: error.failure, code: error.libraryCode }, 'A single sign-on was refused: the provider’s answer did not pass validation.');
      await refuse(db, request, '', REFUSAL_OF_FAILURE[error.failure], undefined, error.failure);
      return toLogin(reply, REFUSAL_OF_FAILURE[error.failure]);
    }
    const oidcConfig = config.oidc;
    const outcome = await db.transaction((tx) => accountForSsoIdentity(tx, oidcConfig, request, identity.claims));
    if ('refusal' in outcome) return toLogin(reply, outcome.refusal);
    // The provider proved who this is (with its own factors): Steward's second factor is not asked (docs/accounts.md).
    await startSession(db, config, request, reply, outcome.user, 'oidc', (tx, sessionId) => saveSsoSession(tx, sessionId, identity.idToken));
    return reply.redirect('/home', 303);
  });

  api.get(
    '/api/sso/end-session',
    // Holds the member's own ID token as id_token_hint (the protocol's way): answered to the dashboard's call only.
    { config: { access: 'login', scriptedOnly: true }, schema: { response: { 200: rowsAnswer(ssoEndSessionRow) } } },
    async (request) => {
      const sessionId = sessionIdOf(request);
      const idToken = config.oidc && sessionId ? await findSsoSessionIdToken(db, sessionId) : undefined;
      let url: string | null = null;
      if (config.oidc && idToken) {
        try {
          url = await ssoEndSessionUrl(config.oidc, idToken, `${config.publicUrl}/`);
        } catch (error) {
          request.log.warn({ err: error }, 'The single sign-on provider’s logout could not be found: signing out of the dashboard only.');
        }
      }
      return { success: true as const, data: { rows: [{ end_session_url: url }] } };
    },
  );

  api.get(
    '/api/sso-settings',
    { config: { access: canManageSingleSignOn }, schema: { response: { 200: rowsAnswer(ssoSettingsRow) } } },
    async () => ({ success: true as const, data: { rows: [await presentSsoSettings(db, config)] } }),
  );

  api.post(
    '/api/sso-settings',
    { config: { access: canManageSingleSignOn }, schema: { body: saveSsoSettingsRequest, response: { 200: successAnswer } } },
    async (request) => {
      signedIn(request);
      await db.transaction((tx) => saveSsoSettings(tx, actorOf(request), config, request.body));
      return { success: true as const };
    },
  );
}
