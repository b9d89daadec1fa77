import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INVALID_INVITATION,
  INVALID_RESET_LINK,
  INVITATION_EXPIRED,
  INVITATION_USED,
  RESET_LINK_EXPIRED,
  RESET_LINK_USED,
} from '@steward/contract/accounts';
import { INVALID_SIGN_IN_LINK } from '@steward/contract/auth';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import { createAccountToken, PASSWORD_RESET_TTL_MS, SIGN_IN_LINK_TTL_MS } from '../../modules/auth/account-tokens.repository.ts';
import { countLiveSessions } from '../../modules/auth/sessions.repository.ts';
import { createInvitation } from '../../modules/auth/invitations.repository.ts';
import { findUserByEmail, type UserRecord } from '../../modules/auth/users.repository.ts';
import type { ApiResponse } from '../api-client.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.ts';

// Advisory class: account keys. Each of the three keyed flows (invitation, password reset, sign-in
// link) refuses an empty, a missing, an unknown, a used, an expired key and a key of another flow,
// with its own message, and leaves nothing behind: no account, no password change, no session.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

let counter = 0;
const newEmail = () => `token-${(counter += 1)}-${Date.now()}@example.com`;
const NEW_PASSWORD = 'Brand-New-Pass-8';

type KeyKind = 'invitation' | 'reset' | 'signIn';

/** A fresh key of each kind, all for `user`'s address (the invitation for a new address: it makes an account). */
async function keyOf(kind: KeyKind, user: UserRecord): Promise<string> {
  if (kind === 'invitation') return createInvitation(testApp.db, { email: newEmail(), name: 'Invited', role: 'admin', createdBy: null });
  const purpose = kind === 'reset' ? 'password_reset' : 'email_verification';
  return createAccountToken(testApp.db, { purpose, email: user.email, userId: user.id, ttlMs: kind === 'reset' ? PASSWORD_RESET_TTL_MS : SIGN_IN_LINK_TTL_MS });
}

const expire = (key: string) => testApp.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = ${hashSecret(key)}`);

interface Flow {
  kind: KeyKind;
  /** Calls the flow with a key (undefined: the key field left out). */
  call(key: string | undefined, user: UserRecord): Promise<ApiResponse>;
  refused: { invalid: [number, string]; used: [number, string]; expired: [number, string]; malformed: [number, string] };
}

const FLOWS: Flow[] = [
  {
    kind: 'invitation',
    call: (key) => testApp.client().post('/api/register', { ...(key === undefined ? {} : { key }), password: NEW_PASSWORD }),
    refused: { invalid: [400, INVALID_INVITATION], used: [410, INVITATION_USED], expired: [410, INVITATION_EXPIRED], malformed: [400, INVALID_INVITATION] },
  },
  {
    kind: 'reset',
    call: (key) => testApp.client().post('/api/reset-password', { ...(key === undefined ? {} : { token: key }), newPassword: NEW_PASSWORD }),
    refused: { invalid: [400, INVALID_RESET_LINK], used: [410, RESET_LINK_USED], expired: [410, RESET_LINK_EXPIRED], malformed: [400, INVALID_RESET_LINK] },
  },
  {
    kind: 'signIn',
    call: (key, user) => testApp.client().post('/api/verify-email-code', { email: user.email, ...(key === undefined ? {} : { code: key }) }),
    // A sign-in link says one thing whatever is wrong with it.
    refused: {
      invalid: [401, INVALID_SIGN_IN_LINK],
      used: [401, INVALID_SIGN_IN_LINK],
      expired: [401, INVALID_SIGN_IN_LINK],
      malformed: [400, INVALID_SIGN_IN_LINK],
    },
  },
];

/** What a refused call must not have done. */
async function expectNothingChanged(user: UserRecord, answer: ApiResponse): Promise<void> {
  expect(answer.headers.getSetCookie().some((line) => line.startsWith('steward_session=') && !line.startsWith('steward_session=;'))).toBe(false);
  expect(await countLiveSessions(testApp.db, user.id)).toBe(1);
  const stored = await findUserByEmail(testApp.db, user.email);
  expect(stored?.passwordHash).toBe(user.passwordHash);
}

function expectRefusal(answer: ApiResponse, [status, message]: [number, string]): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ success: false, error: expect.objectContaining({ message }) });
}

describe.each(FLOWS)('$kind keys', (flow) => {
  /** A user with one live session, whose password and sessions a refused call must leave alone. */
  const freshUser = async () => {
    const { user } = await testApp.signedInClient('viewer', { email: newEmail() });
    return user;
  };

  it('refuses an empty, a missing, a malformed and an unknown key', async () => {
    const user = await freshUser();
    for (const key of ['', undefined, 'x', ' '.repeat(43), '../../etc/passwd', "' OR '1'='1"]) {
      const answer = await flow.call(key, user);
      expect([400, 401], `key ${JSON.stringify(key)}`).toContain(answer.status);
      expect(answer.body.success).toBe(false);
      await expectNothingChanged(user, answer);
    }
    expectRefusal(await flow.call('', user), flow.refused.malformed);
    expectRefusal(await flow.call(newSecret(), user), flow.refused.invalid);
  });

  it('refuses a key used once already', async () => {
    const user = await freshUser();
    const key = await keyOf(flow.kind, user);
    const first = await flow.call(key, user);
    expect(first.status).toBe(200);
    const changed = (await findUserByEmail(testApp.db, user.email)) ?? user;
    const again = await flow.call(key, changed);
    expectRefusal(again, flow.refused.used);
  });

  it('refuses an expired key', async () => {
    const user = await freshUser();
    const key = await keyOf(flow.kind, user);
    await expire(key);
    const answer = await flow.call(key, user);
    expectRefusal(answer, flow.refused.expired);
    await expectNothingChanged(user, answer);
  });

  it.each(['invitation', 'reset', 'signIn'] as const)('refuses a %s key (another flow), and the key still works in its own', async (other) => {
    if (other === flow.kind) return;
    const user = await freshUser();
    const key = await keyOf(other, user);
    const answer = await flow.call(key, user);
    expectRefusal(answer, flow.refused.invalid);
    await expectNothingChanged(user, answer);
    // A refused attempt does not spend the key.
    const own = FLOWS.find((candidate) => candidate.kind === other);
    expect((await own?.call(key, user))?.status).toBe(200);
  });
});

describe('sign-in links', () => {
  it("refuses a code offered with another account's email, and signs nobody in", async () => {
    const { user } = await testApp.signedInClient('viewer', { email: newEmail() });
    const { user: other } = await testApp.signedInClient('admin', { email: newEmail() });
    const code = await keyOf('signIn', user);
    const answer = await testApp.client().post('/api/verify-email-code', { email: other.email, code });
    expectRefusal(answer, [401, INVALID_SIGN_IN_LINK]);
    await expectNothingChanged(other, answer);
  });
});

describe('invitations', () => {
  it('makes no account and keeps the role of the invitation when registration is refused or succeeds', async () => {
    const email = newEmail();
    const key = await createInvitation(testApp.db, { email, name: 'Vic', role: 'viewer', createdBy: null });
    await expire(key);
    expect((await testApp.client().post('/api/register', { key, password: NEW_PASSWORD })).status).toBe(410);
    expect(await findUserByEmail(testApp.db, email)).toBeUndefined();
    const fresh = await createInvitation(testApp.db, { email, name: 'Vic', role: 'viewer', createdBy: null });
    expect((await testApp.client().post('/api/register', { key: fresh, password: TEST_PASSWORD })).status).toBe(200);
    expect((await findUserByEmail(testApp.db, email))?.role).toBe('viewer');
  });
});
