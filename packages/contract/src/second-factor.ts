import { z } from 'zod';
import { currentUserRow, MAX_PASSWORD_LENGTH } from './auth.ts';
import { isoTimestamp } from './envelope.ts';
import { PASSKEY_MESSAGES } from './passkeys.ts';

/**
 * A second factor for staff who sign in with a password (issue 56): a time-based one-time code (TOTP, RFC 6238)
 * from an authenticator app, or one of the member's one-time recovery codes in its place. docs/accounts.md.
 */

/** Six digits, a new one every 30 seconds (what every authenticator app shows by default). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many recovery codes a member is given, each good once. */
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  /** What login answers (field "none") when the password was right and a code is still needed. */
  codeNeeded: 'Enter the code from your authenticator app to finish logging in.',
  /** What login answers when an administrator requires a second factor and the member has none yet. */
  enrolNeeded: 'Your administrator requires a second factor. Set one up to finish logging in.',
  codeRequired: 'Please enter the code from your authenticator app.',
  codeInvalid: 'The code you entered is not valid. Please try again.',
  /** The pending sign-in is unknown or its 10 minutes have passed. */
  signInExpired: 'Your login has expired. Please log in again.',
  passwordOrCodeRequired: 'Please enter your password or a current code.',
  notEnrolled: 'You have no second factor.',
  alreadyEnrolled: 'You already have a second factor. Remove it first to set up a new one.',
  noEnrolmentStarted: 'Start setting up the second factor first.',
  /** An administrator's reset of a member who has none. */
  memberNotEnrolled: 'This user has no second factor.',
  resetQuestion: (name: string) => `Reset the second factor of ${name}? Their app's codes and recovery codes stop working, and they are told by email.`,
  resetDone: 'The second factor was reset.',
  /** Setting one up while the sign-in policy is off (and the member has none). */
  notOffered: 'Second factors are not offered. An administrator can offer them on Sign-in security.',
  policyInvalid: 'Please choose off, offered or required.',
} as const;

/** A code as typed: six digits, or a recovery code (spaces and dashes are ignored). */
export const secondFactorCode = z
  .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
  .max(40, SECOND_FACTOR_MESSAGES.codeInvalid);

// ---- GET/POST /api/second-factor-policy ----
/**
 * The sign-in policy, set on Sign-in security: `off` (the default: nobody is offered one, the spec's screens as
 * they are), `offered` (staff may set one up), `required` (whoever has none sets one up at their next sign-in).
 * A member who has a factor is asked for it whatever the policy.
 */
export const SECOND_FACTOR_POLICIES = ['off', 'offered', 'required'] as const;
export const secondFactorPolicy = z.enum(SECOND_FACTOR_POLICIES, { error: SECOND_FACTOR_MESSAGES.policyInvalid });
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicy>;
export const secondFactorPolicyRow = z.object({ second_factor: secondFactorPolicy });
export const secondFactorPolicyRequest = z.strictObject({ second_factor: secondFactorPolicy });

// ---- GET /api/user/{id}/second-factor ----
export const secondFactorStatusRow = z.object({
  enrolled: z.boolean(),
  enrolled_at: isoTimestamp.nullable(),
  recovery_codes_left: z.number().int(),
  /** The sign-in policy (Sign-in security): off, offered, or required of everyone who signs in with a password. */
  policy: secondFactorPolicy,
  /** Whether the member may see and use Second Factor: the policy offers or requires one, or they have one (a passkey counts). */
  available: z.boolean(),
  /** How many passkeys the member has (passkeys.ts). */
  passkeys: z.number().int(),
  /** Whether this server can use passkeys at all (PUBLIC_URL on a host name, over HTTPS or on localhost). */
  passkeys_supported: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusRow>;

// ---- POST /api/user/{id}/second-factor/start, POST /api/sign-in/second-factor/start ----
/** What an authenticator app is given: the key to type, the otpauth:// link, and that link as a QR code (SVG). */
export const secondFactorEnrolmentRow = z.object({
  manual_key: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentRow>;

// ---- POST /api/user/{id}/second-factor/confirm, …/recovery-codes ----
export const secondFactorCodeRequest = z.strictObject({ code: secondFactorCode });
export type SecondFactorCodeRequest = z.infer<typeof secondFactorCodeRequest>;
/** Shown once: only their hashes are kept. */
export const recoveryCodesRow = z.object({ recovery_codes: z.array(z.string()) });

// ---- POST /api/user/{id}/second-factor/remove ----
/** Removing the factor asks for the account's password or a current code (either one). */
export const removeSecondFactorRequest = z
  .strictObject({
    password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
    code: z.string().trim().max(40, SECOND_FACTOR_MESSAGES.codeInvalid).optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.code), { message: SECOND_FACTOR_MESSAGES.passwordOrCodeRequired, path: ['password'] });
export type RemoveSecondFactorRequest = z.infer<typeof removeSecondFactorRequest>;

// ---- GET /api/sign-in/second-factor ----
/** The pending sign-in's step: a code to enter, or a factor to set up first (an administrator requires one). */
export const pendingSignInRow = z.object({
  step: z.enum(['code', 'enrol']),
  /** At the code step, what the member has: a code from an app (and recovery codes), passkeys, or both. */
  totp: z.boolean(),
  passkey: z.boolean(),
});
export type PendingSignIn = z.infer<typeof pendingSignInRow>;

// ---- POST /api/sign-in/second-factor { code } answers the signed-in user as login does ----
// ---- POST /api/sign-in/second-factor/enrol { code } ----
export const enrolAndSignInRow = currentUserRow.extend(recoveryCodesRow.shape);

// ---- GET /api/second-factors ----
/** The staff members who have a second factor, for Sign-in security's list (holders of canResetSecondFactor). */
export const secondFactorHolderRow = z.object({ id: z.number().int(), name: z.string(), email: z.string(), enrolled_at: isoTimestamp });
export type SecondFactorHolder = z.infer<typeof secondFactorHolderRow>;

/** Whether a login error means "go on to the second step" rather than a failure. */
export const isSecondFactorStep = (message: string): boolean =>
  message === SECOND_FACTOR_MESSAGES.codeNeeded || message === SECOND_FACTOR_MESSAGES.enrolNeeded || message === PASSKEY_MESSAGES.passkeyNeeded;
