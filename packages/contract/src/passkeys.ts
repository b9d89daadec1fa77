import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';

/**
 * Passkeys (WebAuthn, issue 56): a member's credentials on their devices, several each, named. A passkey is a second
 * factor after the password, and, while Sign-in security offers or requires second factors, a way to log in with
 * no password at all. The ceremonies' options and answers are WebAuthn's own JSON (SimpleWebAuthn on both sides).
 * docs/accounts.md.
 */

export const MAX_PASSKEY_NAME_LENGTH = 60;
/** How long a ceremony's challenge is good for (and the browser's own timeout). */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Please name the passkey.',
  nameTooLong: `A passkey name is at most ${MAX_PASSKEY_NAME_LENGTH} characters.`,
  /** Any refused ceremony: an unknown or spent challenge, another site, a wrong signature, a removed passkey. */
  notVerified: 'The passkey could not be verified. Please try again.',
  alreadyAdded: 'This passkey is already added.',
  notFound: 'This passkey no longer exists.',
  /** Adding one, or signing in without a password, while the policy (Sign-in security) is off. */
  notOffered: 'Passkeys are not offered. An administrator can offer them on Sign-in security.',
  /** PUBLIC_URL is an IP address, or plain http on a host other than localhost: browsers refuse passkeys there. */
  unsupported: 'Passkeys need the dashboard on a host name over HTTPS (PUBLIC_URL).',
  /** The browser's own ceremony failed: the person cancelled, or no passkey of theirs was found on this device. */
  notUsed: 'No passkey was used. Please try again.',
  /** What login answers (field "none") when the password was right and the member's second factor is a passkey. */
  passkeyNeeded: 'Use your passkey to finish logging in.',
} as const;

/** Sign-in's enrolment step (an administrator requires a second factor), beside the authenticator app's set-up. */
export const PASSKEY_ENROLMENT_TEXTS = {
  heading: 'Or add a passkey',
  intro: 'Use your fingerprint, face or device PIN on this device instead of a code.',
  nameHint: 'So you can tell your passkeys apart: “Work laptop”, “Phone”.',
  action: 'Add a passkey',
} as const;

/** Renaming one of one's passkeys on the Second factor page (POST /api/user/{id}/passkeys/{passkeyId}/rename). */
export const PASSKEY_RENAME_TEXTS = {
  action: 'Rename',
  actionLabel: (name: string) => `Rename ${name}`,
  nameLabel: 'New name',
  save: 'Save name',
  renamed: (name: string) => `The passkey is now called ${name}.`,
} as const;

export const passkeyName = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(MAX_PASSKEY_NAME_LENGTH, PASSKEY_MESSAGES.nameTooLong);

const base64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*$/);

/** A ceremony's options, as the browser library takes them (WebAuthn's JSON; the server answers SimpleWebAuthn's). */
export const passkeyOptionsRow = z.looseObject({ challenge: base64url });
export type PasskeyOptions = z.infer<typeof passkeyOptionsRow>;

/**
 * What navigator.credentials.create() gave, as JSON (RegistrationResponseJSON, as @simplewebauthn/browser builds it
 * field by field): strict, as every body is (input-fuzzing.test.ts).
 */
export const passkeyRegistration = z.strictObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What navigator.credentials.get() gave, as JSON (AuthenticationResponseJSON, built as above): strict. */
export const passkeyAssertion = z.strictObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

// ---- GET /api/user/{id}/passkeys, POST /api/user/{id}/passkeys ----
export const passkeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: isoTimestamp,
  last_used_at: isoTimestamp.nullable(),
  /** Synced to the member's other devices (a backed-up, multi-device credential). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeyRow>;

// ---- POST /api/user/{id}/passkeys ----
export const addPasskeyRequest = z.strictObject({ name: passkeyName, response: passkeyRegistration });
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequest>;

// ---- POST /api/sign-in/second-factor/passkey/enrol (the enrolment step; answers the signed-in user as login does) ----
// Its body is addPasskeyRequest; its options come from POST /api/sign-in/second-factor/passkey/enrol/options.

// ---- POST /api/user/{id}/passkeys/{passkeyId}/rename ----
export const renamePasskeyRequest = z.strictObject({ name: passkeyName });
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequest>;

// ---- POST /api/sign-in/second-factor/passkey, POST /api/sign-in/passkey (answer the signed-in user as login does) ----
export const passkeySignInRequest = z.strictObject({ response: passkeyAssertion });
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequest>;

// ---- GET /api/sign-in/passkey ----
/** Whether the login screen offers "Sign in with a passkey": second factors are offered or required, and PUBLIC_URL allows passkeys. */
export const passkeySignInAvailabilityRow = z.object({ available: z.boolean() });
