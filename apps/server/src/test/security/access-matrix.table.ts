import type { IntegrationKeyScope } from '@steward/contract/integration-keys';
import { createAccountToken, PASSWORD_RESET_TTL_MS, SIGN_IN_LINK_TTL_MS } from '../../modules/auth/account-tokens.repository.ts';
import { createInvitation } from '../../modules/auth/invitations.repository.ts';
import { unsubscribeToken } from '../../modules/weekly-report/unsubscribe-token.ts';
import { createSession } from '../../modules/auth/sessions.repository.ts';
import { insertHistory } from '../conversation-factories.ts';
import { givePasskey, giveSecondFactor, removeSecondFactorOf, setSecondFactorPolicyOf } from '../second-factor-fixtures.ts';
import { TEST_PASSWORD } from '../test-app.ts';
import { type MatrixFixtures, textUploadForm } from './matrix-fixtures.ts';

/**
 * Who calls. `noCapabilities` is a staff member whose role holds no capability at all (the roles are
 * a fixed list, so the test empties the viewer role's row set in role_capabilities for that column).
 */
export const ACTORS = ['anonymous', 'bot', 'viewer', 'admin', 'noCapabilities'] as const;
export type Actor = (typeof ACTORS)[number];
export type StaffActor = Exclude<Actor, 'anonymous' | 'bot'>;

export interface MatrixRequest {
  /** The concrete path, ids filled in. */
  path: string;
  body?: unknown;
  form?: FormData;
}

export interface MatrixRow {
  /** `METHOD url` exactly as the route is registered. */
  route: string;
  /** Builds a valid request for this actor; called once per call, so each call gets fresh objects. */
  build(fixtures: MatrixFixtures, actor: Actor): Promise<MatrixRequest> | MatrixRequest;
  /** The declared answer's status for each actor. */
  expect: Record<Actor, number>;
  /**
   * Routes whose id names an account: the same call with another user's id, per staff actor.
   * `build` gets that other id instead of the actor's own.
   */
  otherUsersId?: { expect: Partial<Record<StaffActor, number>>; build(fixtures: MatrixFixtures, otherId: number): MatrixRequest };
}

const everyone = (status: number): Record<Actor, number> => ({ anonymous: status, bot: status, viewer: status, admin: status, noCapabilities: status });
/** Any signed-in staff member. */
const LOGIN = { anonymous: 401, bot: 401, viewer: 200, admin: 200, noCapabilities: 200 };
/** A capability the viewer role holds by default. */
const VIEWER_CAPABILITY = { anonymous: 401, bot: 401, viewer: 200, admin: 200, noCapabilities: 403 };
/** A capability only the admin role holds, or a rule that is admin by role. */
const ADMIN_ONLY = { anonymous: 401, bot: 401, viewer: 403, admin: 200, noCapabilities: 403 };
/** The chatbot's key, and nothing else, opens these. */
const BOT_KEY = { anonymous: 401, bot: 200, viewer: 401, admin: 401, noCapabilities: 401 };
/** The exports: export_data (administrators by default), or an integration key of the scope `exports`; BOT_API_KEY is refused. */
const EXPORT = { ...ADMIN_ONLY, bot: 403 };

/**
 * The scope of an integration key that opens each bot API call and each export (docs/integrations.md). The matrix's
 * `bot` column is BOT_API_KEY, every scope of the bot API and not the exports; access-matrix.test.ts calls each row
 * here with a key of each scope alone: 200 for its own, 403 for the others.
 */
export const KEY_SCOPE_MATRIX: Record<string, IntegrationKeyScope> = {
  'POST /api/bot/messages': 'exchanges',
  'POST /api/bot/feedback': 'ratings',
  'POST /api/bot/help-requests': 'help_requests',
  'POST /api/bot/knowledge/search': 'knowledge_search',
  'GET /api/export/history': 'exports',
  'GET /api/export/feedback': 'exports',
  'GET /api/export/help-requests': 'exports',
  'GET /api/export/audit-log': 'exports',
};

const get = (path: string) => () => ({ path });

/** Well-formed passkey answers (refused past access: no ceremony was started for them). */
const MATRIX_PASSKEY_REGISTRATION = {
  name: 'Matrix key',
  response: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'AA', attestationObject: 'AA' }, clientExtensionResults: {} },
};
const MATRIX_PASSKEY_ASSERTION = {
  response: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} },
};
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
const canUpload = (actor: Actor) => actor === 'admin';

export const ACCESS_MATRIX: MatrixRow[] = [
  // API documentation and probes: public by nature.
  { route: 'GET /api/docs', build: get('/api/docs'), expect: everyone(200) },
  { route: 'HEAD /api/docs/', build: get('/api/docs/'), expect: everyone(200) },
  { route: 'GET /api/docs/static/index.html', build: get('/api/docs/static/index.html'), expect: everyone(200) },
  { route: 'GET /api/docs/static/swagger-initializer.js', build: get('/api/docs/static/swagger-initializer.js'), expect: everyone(200) },
  { route: 'GET /api/docs/json', build: get('/api/docs/json'), expect: everyone(200) },
  { route: 'GET /api/docs/yaml', build: get('/api/docs/yaml'), expect: everyone(200) },
  { route: 'GET /api/docs/static/*', build: get('/api/docs/static/swagger-ui.css'), expect: everyone(200) },
  { route: 'HEAD /api/docs/static/*', build: get('/api/docs/static/swagger-ui.css'), expect: everyone(200) },
  { route: 'GET /api/health', build: get('/api/health'), expect: everyone(200) },
  { route: 'GET /api/health/ready', build: get('/api/health/ready'), expect: everyone(200) },
  { route: 'GET /metrics', build: get('/metrics'), expect: everyone(404) },
  { route: 'GET /api/app-info', build: get('/api/app-info'), expect: everyone(200) },
  { route: 'GET /api/bot-settings', build: get('/api/bot-settings'), expect: everyone(200) },
  { route: 'GET /api/chat/appearance', build: get('/api/chat/appearance'), expect: everyone(200) },
  { route: 'GET /api/register/:key', build: get('/api/register/not-a-live-key'), expect: everyone(404) },

  // Signing in and own account.
  {
    route: 'POST /api/login',
    build: async ({ testApp }) => {
      const user = await testApp.createUser({ role: 'viewer' });
      return { path: '/api/login', body: { email: user.email, password: TEST_PASSWORD } };
    },
    expect: everyone(200),
  },
  { route: 'GET /api/logout', build: get('/api/logout'), expect: everyone(200) },
  { route: 'GET /api/authenticate-user', build: get('/api/authenticate-user'), expect: LOGIN },
  {
    route: 'POST /api/user/change-theme',
    build: ({ actorId }) => ({ path: '/api/user/change-theme', body: { id: actorId, theme: 'dark' } }),
    expect: LOGIN,
    otherUsersId: {
      expect: { viewer: 403, admin: 403, noCapabilities: 403 },
      build: (_fixtures, otherId) => ({ path: '/api/user/change-theme', body: { id: otherId, theme: 'dark' } }),
    },
  },
  {
    route: 'POST /api/register',
    build: async ({ testApp }) => {
      const key = await createInvitation(testApp.db, { email: `invited-${unique()}@example.com`, name: 'Invited', role: 'viewer', createdBy: null });
      return { path: '/api/register', body: { key, password: 'A-new-password-42' } };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/send-password-reset-email',
    build: () => ({ path: '/api/send-password-reset-email', body: { email: `forgot-${unique()}@example.com` } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/reset-password',
    build: async ({ testApp }) => {
      const user = await testApp.createUser({ role: 'viewer' });
      const token = await createAccountToken(testApp.db, { purpose: 'password_reset', email: user.email, userId: user.id, ttlMs: PASSWORD_RESET_TTL_MS });
      return { path: '/api/reset-password', body: { token, newPassword: 'A-new-password-42' } };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/verify-email-code',
    build: async ({ testApp }) => {
      const user = await testApp.createUser({ role: 'viewer' });
      const code = await createAccountToken(testApp.db, { purpose: 'email_verification', email: user.email, userId: user.id, ttlMs: SIGN_IN_LINK_TTL_MS });
      return { path: '/api/verify-email-code', body: { email: user.email, code } };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/user/:id/change-password',
    build: ({ actorId }) => ({
      path: `/api/user/${actorId}/change-password`,
      body: { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
    }),
    expect: LOGIN,
    otherUsersId: {
      expect: { viewer: 403, admin: 403, noCapabilities: 403 },
      build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/change-password`, body: { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } }),
    },
  },

  // The second factor: one's own, from the account page (an id of 0 is the caller with no account).
  {
    route: 'GET /api/user/:id/second-factor',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/second-factor` }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/second-factor` }) },
  },
  {
    route: 'POST /api/user/:id/second-factor/start',
    build: async ({ testApp, actorId }) => {
      if (actorId) await removeSecondFactorOf(testApp, actorId);
      await setSecondFactorPolicyOf(testApp, 'offered');
      return { path: `/api/user/${actorId}/second-factor/start` };
    },
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/second-factor/start` }) },
  },
  {
    route: 'POST /api/user/:id/second-factor/confirm',
    build: async ({ testApp, actorId }) => {
      await setSecondFactorPolicyOf(testApp, 'offered');
      return { path: `/api/user/${actorId}/second-factor/confirm`, body: { code: actorId ? await giveSecondFactor(testApp, actorId, false) : '123456' } };
    },
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/second-factor/confirm`, body: { code: '123456' } }) },
  },
  {
    route: 'POST /api/user/:id/second-factor/recovery-codes',
    build: async ({ testApp, actorId }) => ({
      path: `/api/user/${actorId}/second-factor/recovery-codes`,
      body: { code: actorId ? await giveSecondFactor(testApp, actorId, true) : '123456' },
    }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/second-factor/recovery-codes`, body: { code: '123456' } }) },
  },
  {
    route: 'POST /api/user/:id/second-factor/remove',
    build: async ({ testApp, actorId }) => {
      if (actorId) await giveSecondFactor(testApp, actorId, true);
      return { path: `/api/user/${actorId}/second-factor/remove`, body: { password: TEST_PASSWORD } };
    },
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/second-factor/remove`, body: { password: TEST_PASSWORD } }) },
  },
  {
    route: 'POST /api/user/:id/second-factor/reset',
    build: async ({ testApp, otherUserId }) => {
      const memberId = await otherUserId();
      await giveSecondFactor(testApp, memberId, true);
      return { path: `/api/user/${memberId}/second-factor/reset` };
    },
    expect: { anonymous: 401, bot: 401, viewer: 403, admin: 200, noCapabilities: 403 },
  },
  // Signed-in sessions: one's own list and ending one (a session made for the call, not the caller's own); End all sessions.
  {
    route: 'GET /api/user/:id/sessions',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/sessions` }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/sessions` }) },
  },
  {
    route: 'POST /api/user/:id/sessions/:sessionId/end',
    build: async ({ testApp, actorId }) => {
      const session = actorId ? await createSession(testApp.db, { userId: actorId, ip: '127.0.0.1', userAgent: 'matrix' }) : { id: 1 };
      return { path: `/api/user/${actorId}/sessions/${session.id}/end` };
    },
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/sessions/1/end` }) },
  },
  {
    route: 'POST /api/user/:id/sessions/end-all',
    build: async ({ otherUserId }) => ({ path: `/api/user/${await otherUserId()}/sessions/end-all` }),
    expect: { anonymous: 401, bot: 401, viewer: 403, admin: 200, noCapabilities: 403 },
  },
  { route: 'GET /api/staff-sessions', build: get('/api/staff-sessions'), expect: { anonymous: 401, bot: 401, viewer: 403, admin: 200, noCapabilities: 403 } },
  { route: 'GET /api/second-factors', build: get('/api/second-factors'), expect: { anonymous: 401, bot: 401, viewer: 403, admin: 200, noCapabilities: 403 } },
  { route: 'GET /api/second-factor-policy', build: get('/api/second-factor-policy'), expect: ADMIN_ONLY },
  // Single sign-on (off in the matrix's app): the login screen's question, and the browser's start and callback,
  // which send everyone's browser back to the login screen with "not set up" (the 303 followed to /, which this app,
  // built without the web app, answers 404).
  { route: 'GET /api/sso', build: get('/api/sso'), expect: everyone(200) },
  { route: 'GET /api/sso/start', build: get('/api/sso/start'), expect: everyone(404) },
  { route: 'GET /api/sso/callback', build: get('/api/sso/callback?code=x&state=y'), expect: everyone(404) },
  { route: 'GET /api/sso/end-session', build: get('/api/sso/end-session'), expect: LOGIN },
  { route: 'GET /api/sso-settings', build: get('/api/sso-settings'), expect: ADMIN_ONLY },
  { route: 'POST /api/sso-settings', build: () => ({ path: '/api/sso-settings', body: { join_domains: [], sso_only: false, break_glass_ids: [] } }), expect: ADMIN_ONLY },
  { route: 'POST /api/second-factor-policy', build: () => ({ path: '/api/second-factor-policy', body: { second_factor: 'off' } }), expect: ADMIN_ONLY },
  // Sign-in's second step acts only for the browser's pending sign-in (its cookie): without one, 401 for everyone.
  { route: 'GET /api/sign-in/second-factor', build: get('/api/sign-in/second-factor'), expect: everyone(401) },
  { route: 'POST /api/sign-in/second-factor', build: () => ({ path: '/api/sign-in/second-factor', body: { code: '123456' } }), expect: everyone(401) },
  { route: 'POST /api/sign-in/second-factor/start', build: () => ({ path: '/api/sign-in/second-factor/start' }), expect: everyone(401) },
  { route: 'POST /api/sign-in/second-factor/enrol', build: () => ({ path: '/api/sign-in/second-factor/enrol', body: { code: '123456' } }), expect: everyone(401) },

  // Passkeys: one's own, from the account page. The matrix's server is on 127.0.0.1, where browsers refuse passkeys, so
  // past access the calls that start or finish a ceremony answer 403 (PASSKEY_MESSAGES.unsupported); passkeys.test.ts
  // covers their 200 on a host name.
  {
    route: 'GET /api/user/:id/passkeys',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/passkeys` }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/passkeys` }) },
  },
  {
    route: 'POST /api/user/:id/passkeys/options',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/passkeys/options` }),
    expect: { anonymous: 401, bot: 401, viewer: 403, admin: 403, noCapabilities: 403 },
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/passkeys/options` }) },
  },
  {
    route: 'POST /api/user/:id/passkeys',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/passkeys`, body: MATRIX_PASSKEY_REGISTRATION }),
    expect: { anonymous: 401, bot: 401, viewer: 403, admin: 403, noCapabilities: 403 },
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/passkeys`, body: MATRIX_PASSKEY_REGISTRATION }) },
  },
  {
    route: 'POST /api/user/:id/passkeys/:passkeyId/rename',
    build: async ({ testApp, actorId }) => ({ path: `/api/user/${actorId}/passkeys/${actorId ? await givePasskey(testApp, actorId) : 1}/rename`, body: { name: 'Renamed' } }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/passkeys/1/rename`, body: { name: 'Renamed' } }) },
  },
  {
    route: 'POST /api/user/:id/passkeys/:passkeyId/remove',
    build: async ({ testApp, actorId }) => ({ path: `/api/user/${actorId}/passkeys/${actorId ? await givePasskey(testApp, actorId) : 1}/remove`, body: { password: TEST_PASSWORD } }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/passkeys/1/remove`, body: { password: TEST_PASSWORD } }) },
  },
  // Signing in with a passkey: the second step needs the browser's pending sign-in (401 without); without a password, 403 here (127.0.0.1).
  { route: 'POST /api/sign-in/second-factor/passkey/options', build: () => ({ path: '/api/sign-in/second-factor/passkey/options' }), expect: everyone(401) },
  { route: 'POST /api/sign-in/second-factor/passkey', build: () => ({ path: '/api/sign-in/second-factor/passkey', body: MATRIX_PASSKEY_ASSERTION }), expect: everyone(401) },
  // Adding one at the enrolment step (a second factor required): the browser's pending sign-in too.
  { route: 'POST /api/sign-in/second-factor/passkey/enrol/options', build: () => ({ path: '/api/sign-in/second-factor/passkey/enrol/options' }), expect: everyone(401) },
  { route: 'POST /api/sign-in/second-factor/passkey/enrol', build: () => ({ path: '/api/sign-in/second-factor/passkey/enrol', body: MATRIX_PASSKEY_REGISTRATION }), expect: everyone(401) },
  { route: 'GET /api/sign-in/passkey', build: get('/api/sign-in/passkey'), expect: everyone(200) },
  { route: 'POST /api/sign-in/passkey/options', build: () => ({ path: '/api/sign-in/passkey/options' }), expect: everyone(403) },
  { route: 'POST /api/sign-in/passkey', build: () => ({ path: '/api/sign-in/passkey', body: MATRIX_PASSKEY_ASSERTION }), expect: everyone(403) },

  // User accounts.
  {
    route: 'POST /api/add-user',
    build: () => ({ path: '/api/add-user', body: { name: 'New Person', email: `new-${unique()}@example.com`, role: 'viewer' } }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/users/:pageIndex', build: get('/api/users/0'), expect: VIEWER_CAPABILITY },
  {
    route: 'GET /api/user/:id',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}` }),
    // One's own account: staff only, but any staff member.
    expect: LOGIN,
    otherUsersId: {
      // Another account: whoever may read the staff list (read_user_accounts).
      expect: { viewer: 200, admin: 200, noCapabilities: 403 },
      build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}` }),
    },
  },
  {
    route: 'POST /api/user/:id/delete',
    build: async (fixtures) => ({ path: `/api/user/${await fixtures.otherUserId()}/delete` }),
    expect: ADMIN_ONLY,
  },

  // Help requests.
  { route: 'GET /api/all-help-requests-count', build: get('/api/all-help-requests-count'), expect: LOGIN },
  { route: 'GET /api/all-help-requests/:pageIndex/:status?', build: get('/api/all-help-requests/0/pending'), expect: LOGIN },
  { route: 'GET /api/help-requests/:id', build: async (fixtures) => ({ path: `/api/help-requests/${await fixtures.helpRequestId()}` }), expect: LOGIN },
  { route: 'GET /api/help-requests/:id/thread', build: async (fixtures) => ({ path: `/api/help-requests/${await fixtures.helpRequestId()}/thread` }), expect: LOGIN },
  {
    route: 'POST /api/help-requests/:id/reply',
    build: async (fixtures) => ({ path: `/api/help-requests/${await fixtures.helpRequestId()}/reply`, body: { message: 'We have refunded your order.' } }),
    expect: VIEWER_CAPABILITY,
  },
  {
    route: 'POST /api/help-requests/:id/:action',
    build: async (fixtures) => ({ path: `/api/help-requests/${await fixtures.helpRequestId()}/resolve` }),
    expect: VIEWER_CAPABILITY,
  },

  { route: 'GET /api/statistics/:period/:timezoneOffsetHours', build: get('/api/statistics/Past%20Week/0'), expect: LOGIN },
  { route: 'GET /api/insights/coverage-gaps', build: get('/api/insights/coverage-gaps?days=7'), expect: LOGIN },
  { route: 'GET /api/insights/document-health', build: get('/api/insights/document-health?days=7'), expect: VIEWER_CAPABILITY },
  { route: 'GET /api/insights/source-sync-health', build: get('/api/insights/source-sync-health'), expect: VIEWER_CAPABILITY },
  { route: 'GET /api/insights/time-to-fix', build: get('/api/insights/time-to-fix?days=7'), expect: LOGIN },
  { route: 'GET /api/insights/support-preview', build: get('/api/insights/support-preview?threshold=3'), expect: ADMIN_ONLY },

  // The chatbot's calls.
  {
    route: 'POST /api/bot/messages',
    build: () => ({ path: '/api/bot/messages', body: { session_id: `matrix-${unique()}`, user_message: 'Hours?', api_response: '<p>9 to 5.</p>' } }),
    expect: BOT_KEY,
  },
  {
    route: 'POST /api/bot/feedback',
    build: async ({ testApp }) => ({ path: '/api/bot/feedback', body: { history_id: (await insertHistory(testApp.db)).id, rating: 'up' } }),
    expect: BOT_KEY,
  },
  {
    route: 'POST /api/bot/help-requests',
    build: () => ({ path: '/api/bot/help-requests', body: { name: 'Vera', email: 'vera@example.com', message: 'Call me.' } }),
    expect: BOT_KEY,
  },
  { route: 'POST /api/bot/knowledge/search', build: () => ({ path: '/api/bot/knowledge/search', body: { query: 'opening hours' } }), expect: BOT_KEY },

  // Inform the Bot.
  { route: 'GET /api/inform-the-bot/:pageIndex', build: get('/api/inform-the-bot/0'), expect: VIEWER_CAPABILITY },
  { route: 'GET /api/inform-the-bot/approval-queue', build: get('/api/inform-the-bot/approval-queue'), expect: VIEWER_CAPABILITY },
  { route: 'GET /api/inform-the-bot/:id/replay', build: async (fixtures) => ({ path: `/api/inform-the-bot/${await fixtures.informTheBotId()}/replay` }), expect: VIEWER_CAPABILITY },
  { route: 'POST /api/inform-the-bot', build: () => ({ path: '/api/inform-the-bot', body: { content: `We ship to Canada ${unique()}.` } }), expect: VIEWER_CAPABILITY },
  {
    route: 'POST /api/inform-the-bot/upload',
    build: () => {
      const form = new FormData();
      form.append('content', `We ship to Peru ${unique()}.`);
      return { path: '/api/inform-the-bot/upload', form };
    },
    expect: VIEWER_CAPABILITY,
  },
  {
    route: 'POST /api/inform-the-bot/edit/:id',
    build: async (fixtures) => ({ path: `/api/inform-the-bot/edit/${await fixtures.informTheBotId()}`, body: { content: `Edited ${unique()}` } }),
    expect: VIEWER_CAPABILITY,
  },
  {
    route: 'POST /api/inform-the-bot/approve/:id',
    build: async (fixtures) => ({ path: `/api/inform-the-bot/approve/${await fixtures.informTheBotId()}`, body: {} }),
    expect: VIEWER_CAPABILITY,
  },
  { route: 'POST /api/inform-the-bot/delete/:id', build: async (fixtures) => ({ path: `/api/inform-the-bot/delete/${await fixtures.informTheBotId()}` }), expect: ADMIN_ONLY },

  // Bot settings and fun facts.
  { route: 'GET /api/bot-appearance', build: get('/api/bot-appearance'), expect: LOGIN },
  { route: 'GET /api/getting-started', build: get('/api/getting-started'), expect: LOGIN },
  // The Answers card: administrators by role holding update_bot_settings (canManageAnswerModels).
  { route: 'GET /api/answer-models', build: get('/api/answer-models'), expect: ADMIN_ONLY },
  {
    route: 'POST /api/answer-models',
    build: () => ({ path: '/api/answer-models', body: { writer: { kind: 'quotes' }, embedder: { kind: 'built_in' } } }),
    expect: ADMIN_ONLY,
  },
  {
    // A server nobody listens on: the Test answers 200 with what went wrong, at once.
    route: 'POST /api/answer-models/test',
    build: () => ({
      path: '/api/answer-models/test',
      body: { part: 'writer', server: { base_url: 'http://127.0.0.1:9/v1', model: 'm', key: { change: 'remove' } } },
    }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/bot-appearance',
    build: () => ({
      path: '/api/bot-appearance',
      body: { appearance: { title: 'Chat with us', greeting: 'Hello!', accent_color: '#0b57b0', suggested_questions: [], dont_know_text: '', allowed_sites: [] } },
    }),
    expect: ADMIN_ONLY,
  },
  { route: 'POST /api/bot-settings', build: () => ({ path: '/api/bot-settings', body: { settings: { supportMessageThreshold: 3 } } }), expect: ADMIN_ONLY },
  { route: 'GET /api/data-retention', build: get('/api/data-retention'), expect: LOGIN },
  { route: 'GET /api/visitor-mail', build: get('/api/visitor-mail'), expect: LOGIN },
  { route: 'POST /api/visitor-mail', build: () => ({ path: '/api/visitor-mail', body: { visitor_mail: { sender_name: '', reply_to: '' } } }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/data-retention',
    build: () => ({ path: '/api/data-retention', body: { retention: { history: null, feedback: null, helpRequests: null, auditLog: null } } }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/data-retention/preview',
    build: () => ({ path: '/api/data-retention/preview', body: { retention: { history: 30, feedback: null, helpRequests: null, auditLog: null } } }),
    expect: ADMIN_ONLY,
  },
  { route: 'POST /api/personal-data/find', build: () => ({ path: '/api/personal-data/find', body: { kind: 'email', value: 'no-one@example.com' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/personal-data/erase', build: () => ({ path: '/api/personal-data/erase', body: { kind: 'email', value: 'no-one@example.com' } }), expect: ADMIN_ONLY },

  // Integrations (issue 57): integration keys, administrators by role.
  // The weekly report (issue 57): its offer is the administrators'; the opt-in one's own; the unsubscribe link public and signed.
  { route: 'GET /api/weekly-report/offer', build: get('/api/weekly-report/offer'), expect: ADMIN_ONLY },
  { route: 'POST /api/weekly-report/offer', build: () => ({ path: '/api/weekly-report/offer', body: { offered: false } }), expect: ADMIN_ONLY },
  { route: 'POST /api/weekly-report/sample', build: () => ({ path: '/api/weekly-report/sample' }), expect: ADMIN_ONLY },
  {
    route: 'GET /api/user/:id/weekly-report',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/weekly-report` }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/weekly-report` }) },
  },
  {
    route: 'POST /api/user/:id/weekly-report',
    build: ({ actorId }) => ({ path: `/api/user/${actorId}/weekly-report`, body: { subscribed: false } }),
    expect: LOGIN,
    otherUsersId: { expect: { viewer: 403, admin: 403, noCapabilities: 403 }, build: (_fixtures, otherId) => ({ path: `/api/user/${otherId}/weekly-report`, body: { subscribed: false } }) },
  },
  {
    route: 'GET /api/weekly-report/unsubscribe/:token',
    build: async ({ testApp, otherUserId }) => ({ path: `/api/weekly-report/unsubscribe/${await unsubscribeToken(testApp.db, await otherUserId())}` }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/weekly-report/unsubscribe/:token',
    build: async ({ testApp, otherUserId }) => ({ path: `/api/weekly-report/unsubscribe/${await unsubscribeToken(testApp.db, await otherUserId())}` }),
    expect: everyone(200),
  },
  { route: 'GET /api/integration-keys', build: get('/api/integration-keys'), expect: ADMIN_ONLY },
  { route: 'POST /api/integration-keys', build: () => ({ path: '/api/integration-keys', body: { name: `Matrix ${unique()}`, scopes: ['exchanges'] } }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/integration-keys/:id/scopes',
    build: async (fixtures) => ({ path: `/api/integration-keys/${(await fixtures.integrationKey(['exchanges'])).id}/scopes`, body: { scopes: ['ratings'] } }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/integration-keys/:id/revoke',
    build: async (fixtures) => ({ path: `/api/integration-keys/${(await fixtures.integrationKey(['exchanges'])).id}/revoke` }),
    expect: ADMIN_ONLY,
  },
  // Webhook endpoints (issue 57), administrators by role.
  { route: 'GET /api/webhook-endpoints', build: get('/api/webhook-endpoints'), expect: ADMIN_ONLY },
  {
    route: 'POST /api/webhook-endpoints',
    build: () => ({ path: '/api/webhook-endpoints', body: { url: `https://93.184.215.14/hooks/${unique()}`, events: ['help_request.created'] } }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/webhook-endpoints/:id',
    build: async (fixtures) => ({ path: `/api/webhook-endpoints/${(await fixtures.webhookDelivery()).endpointId}`, body: { enabled: false } }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/webhook-endpoints/:id/delete',
    build: async (fixtures) => ({ path: `/api/webhook-endpoints/${(await fixtures.webhookDelivery()).endpointId}/delete` }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/webhook-endpoints/:id/rotate-secret',
    build: async (fixtures) => ({ path: `/api/webhook-endpoints/${(await fixtures.webhookDelivery()).endpointId}/rotate-secret` }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/webhook-endpoints/:id/test-message',
    build: async (fixtures) => ({ path: `/api/webhook-endpoints/${await fixtures.slackEndpoint()}/test-message` }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'GET /api/webhook-endpoints/:id/deliveries',
    build: async (fixtures) => ({ path: `/api/webhook-endpoints/${(await fixtures.webhookDelivery()).endpointId}/deliveries` }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
    build: async (fixtures) => {
      const { endpointId, deliveryId } = await fixtures.webhookDelivery();
      return { path: `/api/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/redeliver` };
    },
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/fun-facts', build: get('/api/fun-facts'), expect: LOGIN },
  {
    route: 'POST /api/fun-facts/new',
    build: () => ({ path: '/api/fun-facts/new', body: { funFacts: [{ fact: `Otters hold hands ${unique()}.`, url: 'https://example.com/otters' }] } }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/fun-facts/edit/:id',
    build: async (fixtures) => ({ path: `/api/fun-facts/edit/${await fixtures.funFactId()}`, body: { funFact: { fact: 'Edited fact.', url: 'https://example.com/edited' } } }),
    expect: ADMIN_ONLY,
  },
  { route: 'POST /api/fun-facts/delete/:id', build: async (fixtures) => ({ path: `/api/fun-facts/delete/${await fixtures.funFactId()}` }), expect: ADMIN_ONLY },

  // Conversations.
  { route: 'GET /api/all-history/:pageIndex', build: get('/api/all-history/0'), expect: LOGIN },
  { route: 'GET /api/history/:sessionId', build: async (fixtures) => ({ path: `/api/history/${await fixtures.historySessionId()}` }), expect: LOGIN },
  { route: 'GET /api/history/:sessionId/notes', build: async (fixtures) => ({ path: `/api/history/${await fixtures.historySessionId()}/notes` }), expect: LOGIN },
  { route: 'GET /api/all-feedback/:pageIndex/:rating', build: get('/api/all-feedback/0/down'), expect: LOGIN },
  { route: 'GET /api/all-feedback/:pageIndex', build: get('/api/all-feedback/0'), expect: LOGIN },
  { route: 'GET /api/feedback/:id', build: async (fixtures) => ({ path: `/api/feedback/${await fixtures.feedbackId()}` }), expect: LOGIN },
  {
    route: 'POST /api/feedback/:id/correction',
    build: async (fixtures) => ({ path: `/api/feedback/${await fixtures.feedbackId()}/correction`, body: { content: 'Two years.' } }),
    expect: VIEWER_CAPABILITY,
  },

  // Documents and knowledge.
  { route: 'GET /api/documents/:pageIndex', build: get('/api/documents/0'), expect: VIEWER_CAPABILITY },
  {
    route: 'POST /api/upload-url',
    // A loopback address: the SSRF guard refuses it (400) for whoever may upload.
    build: () => ({ path: '/api/upload-url', body: { url: 'http://127.0.0.1:9/manual.pdf', title: 'Manual' } }),
    expect: { ...ADMIN_ONLY, admin: 400 },
  },
  { route: 'POST /api/upload-files', build: () => ({ path: '/api/upload-files', form: textUploadForm() }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/register-files',
    // An upload is registered by whoever uploaded it; others' uploads are borrowed for the refused calls.
    build: async (fixtures, actor) => {
      const file = canUpload(actor) ? await fixtures.uploadedFile(fixtures.actorClient) : await fixtures.uploadedFile(fixtures.authorClient);
      return { path: '/api/register-files', body: { filesData: [{ file_id: file.file_id, title: 'Registered', source_url: 'https://shop.example.com/docs' }] } };
    },
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/documents/:fileId/update',
    build: async (fixtures) => ({
      path: `/api/documents/${(await fixtures.document()).fileId}/update`,
      body: { title: 'Renamed', source_url: 'https://shop.example.com/renamed' },
    }),
    expect: ADMIN_ONLY,
  },
  { route: 'POST /api/documents/:id/delete', build: async (fixtures) => ({ path: `/api/documents/${(await fixtures.document()).id}/delete` }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/documents/:id/replace',
    build: async (fixtures) => {
      const form = new FormData();
      form.append('file', new Blob(['Opening hours are 8 to 6.']), 'notes.txt');
      return { path: `/api/documents/${(await fixtures.document()).id}/replace`, form };
    },
    expect: ADMIN_ONLY,
  },
  { route: 'POST /api/knowledge/search', build: () => ({ path: '/api/knowledge/search', body: { query: 'opening hours' } }), expect: VIEWER_CAPABILITY },
  { route: 'GET /api/document-indexing', build: get('/api/document-indexing'), expect: VIEWER_CAPABILITY },
  // The re-index after a change of embedder (issue 54), for the banner on Documents.
  { route: 'GET /api/knowledge/reindex', build: get('/api/knowledge/reindex'), expect: VIEWER_CAPABILITY },
  // The chunk viewer (issue 55): read with the documents; excluding and including a passage by whoever may edit documents.
  { route: 'GET /api/documents/:id/chunks', build: async (fixtures) => ({ path: `/api/documents/${(await fixtures.documentChunk()).documentId}/chunks` }), expect: VIEWER_CAPABILITY },
  {
    route: 'GET /api/documents/:id/chunks/:pageIndex',
    build: async (fixtures) => ({ path: `/api/documents/${(await fixtures.documentChunk()).documentId}/chunks/0?search=passage` }),
    expect: VIEWER_CAPABILITY,
  },
  {
    route: 'POST /api/documents/:id/chunks/:chunkId/exclude',
    build: async (fixtures) => {
      const { documentId, chunkId } = await fixtures.documentChunk();
      return { path: `/api/documents/${documentId}/chunks/${chunkId}/exclude` };
    },
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/documents/:id/chunks/:chunkId/include',
    build: async (fixtures) => {
      const { documentId, chunkId } = await fixtures.documentChunk();
      return { path: `/api/documents/${documentId}/chunks/${chunkId}/include` };
    },
    expect: ADMIN_ONLY,
  },
  // Websites as sources (issue 55): read with the documents (their sync history too), added, cancelled, synced and scheduled
  // with upload_document, deleted by administrators.
  { route: 'GET /api/sites', build: get('/api/sites'), expect: VIEWER_CAPABILITY },
  { route: 'POST /api/sites', build: () => ({ path: '/api/sites', body: { start_url: 'https://help.example.com/' } }), expect: ADMIN_ONLY },
  { route: 'GET /api/sites/:id/pages/:pageIndex', build: async (fixtures) => ({ path: `/api/sites/${await fixtures.site('queued')}/pages/0` }), expect: VIEWER_CAPABILITY },
  { route: 'POST /api/sites/:id/cancel', build: async (fixtures) => ({ path: `/api/sites/${await fixtures.site('queued')}/cancel` }), expect: ADMIN_ONLY },
  { route: 'POST /api/sites/:id/sync', build: async (fixtures) => ({ path: `/api/sites/${await fixtures.site('ended')}/sync` }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/sites/:id/schedule',
    build: async (fixtures) => ({ path: `/api/sites/${await fixtures.site('ended')}/schedule`, body: { sync_schedule: 'daily' } }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/sites/:id/syncs', build: async (fixtures) => ({ path: `/api/sites/${await fixtures.site('queued')}/syncs` }), expect: VIEWER_CAPABILITY },
  // A document added by URL as a source (issue 55): its Source panel on the document's page.
  { route: 'GET /api/documents/:id/source', build: async (fixtures) => ({ path: `/api/documents/${await fixtures.urlDocument()}/source` }), expect: VIEWER_CAPABILITY },
  { route: 'POST /api/documents/:id/source/sync', build: async (fixtures) => ({ path: `/api/documents/${await fixtures.urlDocument()}/source/sync` }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/documents/:id/source/schedule',
    build: async (fixtures) => ({ path: `/api/documents/${await fixtures.urlDocument()}/source/schedule`, body: { sync_schedule: 'weekly' } }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/documents/:id/source/syncs', build: async (fixtures) => ({ path: `/api/documents/${await fixtures.urlDocument()}/source/syncs` }), expect: VIEWER_CAPABILITY },
  { route: 'POST /api/sites/:id/delete', build: async (fixtures) => ({ path: `/api/sites/${await fixtures.site('ended')}/delete` }), expect: ADMIN_ONLY },

  // The audit log.
  { route: 'POST /api/audit-log/:pageIndex', build: () => ({ path: '/api/audit-log/0', body: {} }), expect: ADMIN_ONLY },
  { route: 'GET /api/audit-log-people', build: get('/api/audit-log-people'), expect: ADMIN_ONLY },
  // Exports (issue 40): export_data, administrators by default; an integration key of the scope exports (issue 57).
  { route: 'GET /api/export/history', build: get('/api/export/history?format=csv'), expect: EXPORT },
  { route: 'GET /api/export/feedback', build: get('/api/export/feedback?format=jsonl'), expect: EXPORT },
  { route: 'GET /api/export/help-requests', build: get('/api/export/help-requests'), expect: EXPORT },
  { route: 'GET /api/personal-data/masking', build: get('/api/personal-data/masking'), expect: LOGIN },
  // Saves masking off, as it is by default, so the other rows' answers stay as they are.
  { route: 'POST /api/personal-data/masking', build: () => ({ path: '/api/personal-data/masking', body: { masked: false } }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/personal-data/reveal',
    build: async (fixtures) => ({ path: '/api/personal-data/reveal', body: { kind: 'feedback', id: await fixtures.feedbackId() } }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/export/audit-log', build: get('/api/export/audit-log'), expect: EXPORT },

  // The public chat and its widget: anyone (a visitor's signed chat session travels in the body; no cookie is read).
  { route: 'OPTIONS /api/chat/*', build: get('/api/chat/ask'), expect: everyone(204) },
  { route: 'POST /api/chat/ask', build: () => ({ path: '/api/chat/ask', body: { message: 'Where is my order?' } }), expect: everyone(200) },
  {
    route: 'POST /api/chat/feedback',
    build: async ({ testApp }) => {
      const asked = await testApp.client().post('/api/chat/ask', { message: 'Where is my order?' }, { origin: testApp.config.publicUrl });
      const answer = asked.body.data?.rows[0] as { session_id: string; history_id: number } | undefined;
      if (!answer) throw new Error(`Fixture ask failed: ${JSON.stringify(asked.body)}`);
      return { path: '/api/chat/feedback', body: { session_id: answer.session_id, history_id: answer.history_id, rating: 'up' } };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/chat/help-request',
    build: () => ({ path: '/api/chat/help-request', body: { name: 'Vera', email: 'vera@example.com', message: 'Call me.' } }),
    expect: everyone(200),
  },
  { route: 'GET /api/chat/fun-facts', build: get('/api/chat/fun-facts'), expect: everyone(200) },
  { route: 'GET /widget.js', build: get('/widget.js'), expect: everyone(200) },
  { route: 'GET /demo', build: get('/demo'), expect: everyone(200) },
  { route: 'GET /demo/demo.css', build: get('/demo/demo.css'), expect: everyone(200) },

  // Search.
  { route: 'POST /api/search', build: () => ({ path: '/api/search', body: { search: 'hours' } }), expect: LOGIN },
  { route: 'POST /api/search/rerank', build: () => ({ path: '/api/search/rerank', body: { query: 'hours', results: ['Opening hours are 9 to 5.'] } }), expect: LOGIN },
  { route: 'POST /api/search/history', build: () => ({ path: '/api/search/history', body: { search: 'hours' } }), expect: LOGIN },
];
