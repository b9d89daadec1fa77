import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@steward/contract/single-sign-on';
import { sqlRows } from '../../db/sql-rows.ts';
import { countMailsTo, keyFromMail, latestMailTo } from '../../test/queued-mail.ts';
import { startTestOidcProvider, startTestOidcProviderInThePast, type TestOidcProvider } from '../../test/oidc-test-provider.ts';
import { signInThroughProvider } from '../../test/sso-test-browser.ts';
import { findUserByEmail } from './users.repository.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

/**
 * Single sign-on through the real HTTP stack against a real OpenID provider on loopback (oidc-provider): the first
 * sign-in, a refused stranger and an unverified address, joining from a domain with the groups claim's role, a
 * tampered state or nonce, an expired ID token, the provider's logout, and single sign-on as the only way in.
 */
const PUBLIC_URL = 'http://127.0.0.1:3000';
const ACCOUNTS = [
  { email: 'member@company.example', emailVerified: true, name: 'Mia Member' },
  { email: 'unverified@company.example', emailVerified: false },
  { email: 'stranger@elsewhere.example', emailVerified: true },
  { email: 'lead@joining.example', emailVerified: true, name: 'Lee Lead', groups: ['dashboard-admins'] },
  { email: 'agent@joining.example', emailVerified: true, name: 'Ada Agent', groups: ['support'] },
  { email: 'invitee@company.example', emailVerified: true, name: 'Ivy Invitee' },
  { email: 'breakglass@company.example', emailVerified: true },
  { email: 'rita@joining.example', emailVerified: true, name: 'Rita Rise', groups: ['support'] },
  { email: 'glen@joining.example', emailVerified: true, name: 'Glen Glass', groups: ['dashboard-admins'] },
  { email: 'lone@joining.example', emailVerified: true, name: 'Lone Admin', groups: ['dashboard-admins'] },
];
let provider: TestOidcProvider;
let testApp: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider({ accounts: ACCOUNTS, redirectUris: [`${PUBLIC_URL}/api/sso/callback`], postLogoutRedirectUris: [`${PUBLIC_URL}/`] });
  testApp = await createTestApp({ PUBLIC_URL, ...provider.environment() });
});
afterAll(async () => {
  await testApp.close();
  await provider.close();
});
beforeEach(async () => {
  await testApp.db.execute(sql`UPDATE sso_settings SET sso_only = false, join_domains = '[]'::jsonb`);
  await testApp.db.execute(sql`DELETE FROM sso_break_glass`);
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

/** The staff account of an address, made when the test is the first to need it. */
const ensureUser = async (app: TestApp, email: string) => (await findUserByEmail(app.db, email)) ?? app.createUser({ email, role: 'viewer' });

const lastAudit = async (action: string) =>
  (await sqlRows<{ details: Record<string, unknown>; actor_email: string | null; object_id: number | null }>(testApp.db, sql`SELECT details, actor_email, object_id FROM audit_log WHERE action = ${action} ORDER BY id DESC LIMIT 1`))[0];

describe('single sign-on', () => {
  it('says on the login screen that it is there, with the provider name', async () => {
    expect((await testApp.client().get('/api/sso')).body.data?.rows).toEqual([{ provider_name: 'Test Identity', sso_only: false }]);
  });

  it('signs a staff member in by their verified email, with a session marked oidc and audited, and no second factor asked', async () => {
    const member = await ensureUser(testApp, 'member@company.example');
    const browser = testApp.client();
    expect(await signInThroughProvider(browser, member.email)).toBe('/home');
    const me = await browser.get('/api/authenticate-user');
    expect(me.status).toBe(200);
    expect(me.body.data?.rows[0]).toMatchObject({ id: member.id, email: member.email, role: 'viewer' });
    const [session] = await sqlRows<{ sign_in_method: string }>(testApp.db, sql`SELECT sign_in_method FROM sessions WHERE user_id = ${member.id}`);
    expect(session?.sign_in_method).toBe('oidc');
    expect(await lastAudit('sign_in')).toMatchObject({ object_id: member.id, details: { method: 'oidc' } });
  });

  it('refuses a stranger, and an address the provider has not verified, with a clear reason', async () => {
    expect(await signInThroughProvider(testApp.client(), 'stranger@elsewhere.example')).toBe('/?sso_error=unknown_account');
    expect(await lastAudit('sso_sign_in_refused')).toMatchObject({ actor_email: 'stranger@elsewhere.example', details: { reason: 'unknown_account' } });
    await testApp.createUser({ email: 'unverified@company.example', role: 'admin' });
    const browser = testApp.client();
    expect(await signInThroughProvider(browser, 'unverified@company.example')).toBe('/?sso_error=email_not_verified');
    expect(browser.sessionCookie).toBeUndefined();
  });

  it('lets people of a named domain join: a viewer, or the role their groups claim maps to', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    expect((await admin.post('/api/sso-settings', { join_domains: ['@Joining.example'], sso_only: false, break_glass_ids: [] })).status).toBe(200);
    expect((await admin.get('/api/sso-settings')).body.data?.rows[0]).toMatchObject({ join_domains: ['joining.example'], sso_only: false });
    expect(await lastAudit('sso_settings_changed')).toMatchObject({ details: { join_domains: 'joining.example', sso_only: false } });

    const lead = testApp.client();
    expect(await signInThroughProvider(lead, 'lead@joining.example')).toBe('/home');
    expect((await lead.get('/api/authenticate-user')).body.data?.rows[0]).toMatchObject({ email: 'lead@joining.example', name: 'Lee Lead', role: 'admin' });
    expect(await lastAudit('sso_user_joined')).toMatchObject({ actor_email: 'lead@joining.example', details: { role: 'admin', domain: 'joining.example' } });
    const agent = testApp.client();
    expect(await signInThroughProvider(agent, 'agent@joining.example')).toBe('/home');
    expect((await agent.get('/api/authenticate-user')).body.data?.rows[0]).toMatchObject({ role: 'viewer' });
    // Another domain still may not join.
    expect(await signInThroughProvider(testApp.client(), 'stranger@elsewhere.example')).toBe('/?sso_error=unknown_account');
  });

  it("creates an invitee's account from their live invitation, with its role, and spends it", async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    expect((await admin.post('/api/add-user', { name: 'Ivy', email: 'invitee@company.example', role: 'admin' })).status).toBe(200);
    const key = keyFromMail(await latestMailTo(testApp, 'invitee@company.example'), 'register');
    const browser = testApp.client();
    expect(await signInThroughProvider(browser, 'invitee@company.example')).toBe('/home');
    expect((await browser.get('/api/authenticate-user')).body.data?.rows[0]).toMatchObject({ name: 'Ivy', role: 'admin' });
    expect((await testApp.client().get(`/api/register/${key}`)).status).toBe(404);
  });

  it("refuses a tampered state, a changed nonce, and a callback without the browser's pending sign-in", async () => {
    await ensureUser(testApp, 'member@company.example');
    const state = testApp.client();
    expect(await signInThroughProvider(state, 'member@company.example', { callback: (url) => url.searchParams.set('state', 'not-the-state') })).toBe('/?sso_error=failed');
    expect(state.sessionCookie).toBeUndefined();
    expect(await lastAudit('sso_sign_in_refused')).toMatchObject({ details: { reason: 'state_mismatch' } });

    const nonce = testApp.client();
    expect(await signInThroughProvider(nonce, 'member@company.example', { authorization: (url) => url.searchParams.set('nonce', 'a-nonce-of-someone-else') })).toBe('/?sso_error=failed');
    expect(nonce.sessionCookie).toBeUndefined();
    expect(await lastAudit('sso_sign_in_refused')).toMatchObject({ details: { reason: 'nonce_mismatch' } });

    // The code sent to another browser (no pending sign-in of its own) signs nobody in.
    const other = testApp.client();
    let stolen = '';
    await signInThroughProvider(testApp.client(), 'member@company.example', { callback: (url) => void (stolen = `${url.pathname}${url.search}`) });
    expect((await other.navigate(stolen)).location).toBe('/?sso_error=expired');
    expect(other.sessionCookie).toBeUndefined();
  });

  it("ends the session at the provider too: its end-session URL with the ID token as hint, then the spec's logout", async () => {
    await ensureUser(testApp, 'member@company.example');
    const ssoSessions = async () => Number((await sqlRows<{ total: string }>(testApp.db, sql`SELECT count(*) AS total FROM sso_sessions`))[0]?.total);
    const before = await ssoSessions();
    const browser = testApp.client();
    expect(await signInThroughProvider(browser, 'member@company.example')).toBe('/home');
    expect(await ssoSessions()).toBe(before + 1);
    const answer = await browser.get('/api/sso/end-session');
    const url = new URL(String(answer.body.data?.rows[0]?.end_session_url));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await browser.get('/api/logout')).status).toBe(200);
    expect((await browser.get('/api/authenticate-user')).status).toBe(401);
    // The ID token went with the session.
    expect(await ssoSessions()).toBe(before);
    // A password session has no provider to leave.
    const { client: passwordClient } = await testApp.signedInClient('viewer');
    expect((await passwordClient.get('/api/sso/end-session')).body.data?.rows[0]).toEqual({ end_session_url: null });
  });

  it('shows admins the settings read-only, with the callback to register and never the client secret', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    const answer = await admin.get('/api/sso-settings');
    expect(answer.body.data?.rows[0]).toMatchObject({
      configured: true,
      provider_name: 'Test Identity',
      issuer: provider.issuer,
      client_id: provider.clientId,
      scopes: ['openid', 'email', 'profile', 'groups'],
      groups_claim: 'groups',
      group_roles: [{ group: 'dashboard-admins', role: 'admin' }, { group: 'support', role: 'viewer' }],
      callback_url: `${PUBLIC_URL}/api/sso/callback`,
    });
    expect(JSON.stringify(answer.body)).not.toContain(provider.clientSecret);
    const { client: viewer } = await testApp.signedInClient('viewer');
    expect((await viewer.get('/api/sso-settings')).status).toBe(403);
  });
});

describe("roles from the groups claim at each later sign-in", () => {
  const roleOf = async (email: string) => (await findUserByEmail(testApp.db, email))?.role;
  const roleChanges = async (userId: number) =>
    sqlRows<{ actor_id: number | null; actor_name: string | null; details: Record<string, unknown> }>(
      testApp.db,
      sql`SELECT actor_id, actor_name, details FROM audit_log WHERE action = 'user_role_changed' AND object_id = ${userId} ORDER BY id`,
    );
  const allowJoining = async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    expect((await admin.post('/api/sso-settings', { join_domains: ['joining.example'], sso_only: false, break_glass_ids: [] })).status).toBe(200);
    return admin;
  };

  it("gives a member who joined from a domain the role their groups map to now, audited as changed by the provider", async () => {
    await allowJoining();
    expect(await signInThroughProvider(testApp.client(), 'rita@joining.example')).toBe('/home');
    const rita = await findUserByEmail(testApp.db, 'rita@joining.example');
    expect(rita).toMatchObject({ role: 'viewer', roleFromGroups: true });

    // The same groups: nothing changes, nothing is audited.
    expect(await signInThroughProvider(testApp.client(), 'rita@joining.example')).toBe('/home');
    expect(await roleChanges(rita?.id ?? 0)).toEqual([]);

    // Added to dashboard-admins at the provider: an administrator from the next sign-in.
    await provider.setGroups('rita@joining.example', ['support', 'dashboard-admins']);
    const promoted = testApp.client();
    expect(await signInThroughProvider(promoted, 'rita@joining.example')).toBe('/home');
    expect((await promoted.get('/api/authenticate-user')).body.data?.rows[0]).toMatchObject({ role: 'admin' });
    expect((await promoted.get('/api/sso-settings')).status).toBe(200);
    // Out of every mapped group: a viewer again, and the session of the administrator lost its administration too.
    await provider.setGroups('rita@joining.example', []);
    expect(await signInThroughProvider(testApp.client(), 'rita@joining.example')).toBe('/home');
    expect(await roleOf('rita@joining.example')).toBe('viewer');
    expect((await promoted.get('/api/sso-settings')).status).toBe(403);
    expect(await roleChanges(rita?.id ?? 0)).toEqual([
      { actor_id: null, actor_name: 'Test Identity', details: { previous_role: 'viewer', role: 'admin', source: 'oidc_groups' } },
      { actor_id: null, actor_name: 'Test Identity', details: { previous_role: 'admin', role: 'viewer', source: 'oidc_groups' } },
    ]);
    const { client: admin } = await testApp.signedInClient('admin');
    const logged = await admin.post('/api/audit-log/0', { action_group: 'identity' });
    // Among the identity events of the Audit Log's filter.
    expect(logged.body.data?.rows).toContainEqual(expect.objectContaining({ action: 'user_role_changed', actor_name: 'Test Identity', object_id: rita?.id }));
  });

  it("leaves the role of an account that did not join from a domain (invited, or made by an administrator)", async () => {
    const member = await ensureUser(testApp, 'member@company.example');
    expect(member.roleFromGroups).toBe(false);
    await provider.setGroups('member@company.example', ['dashboard-admins']);
    try {
      expect(await signInThroughProvider(testApp.client(), 'member@company.example')).toBe('/home');
      expect(await roleOf('member@company.example')).toBe(member.role);
      expect(await roleChanges(member.id)).toEqual([]);
    } finally {
      await provider.setGroups('member@company.example', []);
    }
  });

  it('never takes administration from a break-glass administrator or from the last administrator', async () => {
    const admin = await allowJoining();
    expect(await signInThroughProvider(testApp.client(), 'glen@joining.example')).toBe('/home');
    const glen = await findUserByEmail(testApp.db, 'glen@joining.example');
    expect(glen?.role).toBe('admin');
    expect((await admin.post('/api/sso-settings', { join_domains: ['joining.example'], sso_only: true, break_glass_ids: [glen?.id] })).status).toBe(200);
    await provider.setGroups('glen@joining.example', ['support']);
    expect(await signInThroughProvider(testApp.client(), 'glen@joining.example')).toBe('/home');
    expect(await roleOf('glen@joining.example')).toBe('admin');
    expect(await roleChanges(glen?.id ?? 0)).toEqual([]);

    // The only administrator left: kept, though the groups say viewer.
    expect(await signInThroughProvider(testApp.client(), 'lone@joining.example')).toBe('/home');
    const lone = await findUserByEmail(testApp.db, 'lone@joining.example');
    const others = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM users WHERE role = 'admin' AND id <> ${lone?.id ?? 0}`);
    await testApp.db.execute(sql`DELETE FROM sso_break_glass`);
    await testApp.db.execute(sql`UPDATE users SET role = 'viewer' WHERE role = 'admin' AND id <> ${lone?.id ?? 0}`);
    try {
      await provider.setGroups('lone@joining.example', []);
      expect(await signInThroughProvider(testApp.client(), 'lone@joining.example')).toBe('/home');
      expect(await roleOf('lone@joining.example')).toBe('admin');
      expect(await roleChanges(lone?.id ?? 0)).toEqual([]);
    } finally {
      for (const { id } of others) await testApp.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${id}`);
    }
    // With another administrator again, the groups' role applies.
    expect(await signInThroughProvider(testApp.client(), 'lone@joining.example')).toBe('/home');
    expect(await roleOf('lone@joining.example')).toBe('viewer');
  });
});

describe('single sign-on as the only way in', () => {
  it('needs a break-glass administrator, and only administrators may be one', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    const none = await admin.post('/api/sso-settings', { join_domains: [], sso_only: true, break_glass_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.error?.message).toBe(SSO_MESSAGES.breakGlassNeeded);
    const viewer = await testApp.createUser({ role: 'viewer' });
    const notAdmin = await admin.post('/api/sso-settings', { join_domains: [], sso_only: true, break_glass_ids: [viewer.id] });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.body.error?.message).toBe(SSO_MESSAGES.breakGlassNotAdmin);
  });

  it("refuses passwords, reset links and invitations' passwords to all but the break-glass administrators; single sign-on still works", async () => {
    const { client: admin, user: breakGlass } = await testApp.signedInClient('admin', { email: `glass-${Date.now()}@company.example` });
    const member = await testApp.createUser({ role: 'viewer', email: `only-${Date.now()}@company.example` });
    expect((await admin.post('/api/sso-settings', { join_domains: [], sso_only: true, break_glass_ids: [breakGlass.id] })).status).toBe(200);
    expect((await testApp.client().get('/api/sso')).body.data?.rows).toEqual([{ provider_name: 'Test Identity', sso_only: true }]);
    const ssoOnly = SSO_MESSAGES.ssoOnly('Test Identity');

    const login = await testApp.client().post('/api/login', { email: member.email, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toEqual({ message: ssoOnly, field: 'none' });
    expect(await lastAudit('sign_in_failed')).toMatchObject({ object_id: member.id, details: { reason: 'sso_only' } });
    // A wrong password still reads as one: the refusal tells nothing to whoever does not know the password.
    expect((await testApp.client().post('/api/login', { email: member.email, password: 'wrong-password' })).status).toBe(401);
    expect((await testApp.client().post('/api/login', { email: breakGlass.email, password: TEST_PASSWORD })).status).toBe(200);

    // An invitation tells the invitee to use single sign-on; its password registration is refused.
    const invitee = `sso-invitee-${Date.now()}@company.example`;
    expect((await admin.post('/api/add-user', { name: 'Newcomer', email: invitee, role: 'viewer' })).status).toBe(200);
    const invitation = await latestMailTo(testApp, invitee);
    expect(invitation?.text).toContain('choose "Sign in with Test Identity"');
    const register = await testApp.client().post('/api/register', { key: keyFromMail(invitation, 'register'), password: 'Correct-Horse-10' });
    expect(register.status).toBe(403);
    expect(register.body.error?.message).toBe(SSO_MESSAGES.invitationUsesSso('Test Identity'));

    // No reset link is mailed to the member; the break-glass administrator still gets one, and may use it (which ends its sessions).
    await testApp.client().post('/api/send-password-reset-email', { email: member.email });
    expect(await countMailsTo(testApp, member.email)).toBe(0);
    await testApp.client().post('/api/send-password-reset-email', { email: breakGlass.email });
    const resetKey = keyFromMail(await latestMailTo(testApp, breakGlass.email), 'reset-password');
    expect((await testApp.client().post('/api/reset-password', { token: resetKey, newPassword: 'Another-Horse-77' })).status).toBe(200);

    // Single sign-on itself goes on.
    await ensureUser(testApp, 'breakglass@company.example');
    expect(await signInThroughProvider(testApp.client(), 'breakglass@company.example')).toBe('/home');
  });
});

describe('an expired ID token', () => {
  let pastProvider: TestOidcProvider;
  let pastApp: TestApp;
  beforeAll(async () => {
    // The provider's clock is ten minutes behind and its ID tokens live a minute: each has expired when it arrives.
    pastProvider = await startTestOidcProviderInThePast({
      accounts: ACCOUNTS,
      redirectUris: [`${PUBLIC_URL}/api/sso/callback`],
      postLogoutRedirectUris: [`${PUBLIC_URL}/`],
      idTokenTtlSeconds: 60,
      clockShiftSeconds: 600,
    });
    pastApp = await createTestApp({ PUBLIC_URL, ...pastProvider.environment() });
  });
  afterAll(async () => {
    await pastApp.close();
    await pastProvider.close();
  });

  it('is refused', async () => {
    await ensureUser(pastApp, 'member@company.example');
    const browser = pastApp.client();
    expect(await signInThroughProvider(browser, 'member@company.example')).toBe('/?sso_error=failed');
    expect(browser.sessionCookie).toBeUndefined();
    const [entry] = await sqlRows<{ details: Record<string, unknown> }>(pastApp.db, sql`SELECT details FROM audit_log WHERE action = 'sso_sign_in_refused' ORDER BY id DESC LIMIT 1`);
    expect(entry?.details).toEqual({ reason: 'id_token_expired' });
  });
});
