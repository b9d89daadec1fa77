import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_PASSWORD } from './e2e-constants.ts';
import { mailedLink } from './outbox.ts';

export interface StaffUser {
  id: number;
  name: string;
  email: string;
  password: string;
  role: 'admin' | 'viewer';
}

/** Well below the product's 30 invitations an hour per administrator (ACCOUNT_RATE_LIMITS.addUserPerUser). */
const INVITATIONS_PER_INVITER = 25;
let emailCounter = 0;
let addressCounter = 0;

const uniqueEmail = (role: string) =>
  `${role}-${process.pid}-${Date.now()}-${(emailCounter += 1)}@example.com`.toLowerCase();

/**
 * Each registration comes "from" its own address, as it would through the reverse proxy the server
 * trusts on loopback: the product limits registrations per address, and every test runs from 127.0.0.1.
 */
const nextClientAddress = () => {
  addressCounter += 1;
  return `198.18.${(process.pid + Math.floor(addressCounter / 250)) % 250}.${(addressCounter % 250) + 1}`;
};

/**
 * Makes staff accounts the way a team does: an administrator sends an invitation, the invitation
 * mail arrives in the server's outbox, and the new member registers with its key.
 */
export class StaffAccounts {
  private inviter: APIRequestContext | undefined;
  private invitationsLeft = 0;

  async create(role: 'admin' | 'viewer', name?: string): Promise<StaffUser> {
    const email = uniqueEmail(role);
    const fullName = name ?? `${role === 'admin' ? 'Ada Admin' : 'Vic Viewer'} ${emailCounter}`;
    await this.invite({ name: fullName, email, role });
    return { ...(await register(email)), name: fullName, email, role, password: E2E_PASSWORD };
  }

  async dispose(): Promise<void> {
    await this.inviter?.dispose();
  }

  private async invite(invitation: { name: string; email: string; role: 'admin' | 'viewer' }): Promise<void> {
    const inviter = await this.currentInviter();
    this.invitationsLeft -= 1;
    const answer = await inviter.post('/api/add-user', { data: invitation });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** A worker's own administrator, replaced by a fresh one before it reaches the invitation limit. */
  private async currentInviter(): Promise<APIRequestContext> {
    if (this.inviter && this.invitationsLeft > 1) return this.inviter;
    const parent = this.inviter ?? (await signedInContext(E2E_ADMIN.email, E2E_ADMIN.password));
    const email = uniqueEmail('inviter');
    const answer = await parent.post('/api/add-user', { data: { name: `Inviter ${emailCounter}`, email, role: 'admin' } });
    expect(answer.status(), await answer.text()).toBe(200);
    await parent.dispose();
    await register(email);
    this.inviter = await signedInContext(email, E2E_PASSWORD);
    this.invitationsLeft = INVITATIONS_PER_INVITER;
    return this.inviter;
  }
}

/** Registers the invited address with E2E_PASSWORD from its invitation mail; answers the new account's id. */
async function register(email: string): Promise<{ id: number }> {
  const link = await mailedLink(E2E_DATA_DIR, email);
  const key = decodeURIComponent(link.replace(/^\/register\//, ''));
  const anonymous = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const answer = await anonymous.post('/api/register', {
    data: { key, password: E2E_PASSWORD },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await anonymous.dispose();
  const signedIn = await signedInContext(email, E2E_PASSWORD);
  const user = (await (await signedIn.get('/api/authenticate-user')).json()) as { data: { rows: { id: number }[] } };
  await signedIn.dispose();
  const id = user.data.rows[0]?.id;
  if (id === undefined) throw new Error(`No id for ${email}.`);
  return { id };
}

async function signedInContext(email: string, password: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const answer = await context.post('/api/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return context;
}
