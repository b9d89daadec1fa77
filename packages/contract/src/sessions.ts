import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';

/**
 * Signed-in sessions staff can see and end (issue 56, docs/accounts.md): each member lists their own on
 * /user-accounts/{id}/sessions and ends any of them; administrators end all of a member's on Sign-in security.
 */

/** How a session was signed in (sessions.sign_in_method): the first step, and the second factor when there was one. */
export const SIGN_IN_METHOD_LABELS = {
  password: 'Password',
  sign_in_link: 'Password and emailed link',
  password_totp: 'Password and authenticator code',
  password_recovery_code: 'Password and recovery code',
  sign_in_link_totp: 'Emailed link and authenticator code',
  sign_in_link_recovery_code: 'Emailed link and recovery code',
  password_passkey: 'Password and passkey',
  sign_in_link_passkey: 'Emailed link and passkey',
  passkey: 'Passkey',
  oidc: 'Single sign-on',
} as const;

/** The words for a session's sign-in method; one not recorded (older sessions, a password change's renewed one) or not named here reads 'Not recorded'. */
export const signInMethodLabel = (method: string | null): string =>
  (method !== null && Object.hasOwn(SIGN_IN_METHOD_LABELS, method) ? SIGN_IN_METHOD_LABELS[method as keyof typeof SIGN_IN_METHOD_LABELS] : undefined) ?? 'Not recorded';

export const SESSION_MESSAGES = {
  /** Ending a session that is not one of the caller's live ones (ended already, or someone else's). */
  notFound: 'This session has already ended.',
  ownOnly: 'You can only see and end the sessions of your own account.',
  endQuestion: 'End this session? Whoever uses it is logged out at their next step.',
  endCurrentQuestion: 'End this session? You are logged out here.',
  ended: 'The session was ended.',
  endAllQuestion: (name: string) => `End every session of ${name}? They are logged out everywhere and log in again with their password.`,
  allEnded: 'Every session was ended.',
  empty: 'No live sessions.',
} as const;

// ---- GET /api/user/{id}/sessions ----
/** One live session of the caller. The address is the caller's own (shown to them only). */
export const sessionRow = z.object({
  id: z.number().int(),
  /** Browser and operating system read from the User-Agent, e.g. "Chrome 131 on Windows 10"; '' when unknown. */
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  /** A trusted proxy's place header (SESSION_PLACE_HEADER) or the address's country code; '' when unknown. */
  place: z.string(),
  signed_in_at: isoTimestamp,
  /** Written at most once a minute per session. */
  last_seen_at: isoTimestamp,
  /** sessions.sign_in_method as stored (the server's list grows with new ways in: a string, not an enum). */
  sign_in_method: z.string().nullable(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;

// ---- GET /api/staff-sessions ----
/** A member with live sessions, for Sign-in security's End all sessions (no addresses: those are the member's). */
export const staffSessionsRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  sessions: z.number().int(),
  last_seen_at: isoTimestamp,
});
export type StaffSessionsRow = z.infer<typeof staffSessionsRow>;

// ---- POST /api/user/{id}/sessions/end-all ----
export const endedSessionsRow = z.object({ ended: z.number().int() });
