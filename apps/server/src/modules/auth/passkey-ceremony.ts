import net from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_SECONDS, type PasskeyOptions, type passkeyAssertion, type passkeyRegistration } from '@steward/contract/passkeys';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type PasskeyChallengePurpose, type PasskeyRecord, saveChallenge, spendChallenge } from './passkeys.repository.ts';

/**
 * The WebAuthn ceremonies, with SimpleWebAuthn: options with a new challenge (kept server-side, hashed), and the
 * browser's answer verified against it. The relying party is PUBLIC_URL: its host name is the RP ID and its
 * origin the only origin accepted. A challenge is spent by the first answer that names it, right or wrong, so it
 * is good once; it also lasts only PASSKEY_CHALLENGE_SECONDS. Challenges never reach a log or an audit entry.
 */

type RelyingPartyConfig = Pick<Config, 'publicUrl' | 'assistantName'>;

/** Browsers allow WebAuthn on a host name (never an IP address), over HTTPS or on localhost. */
export function passkeysSupported(config: Pick<Config, 'publicUrl'>): boolean {
  const url = new URL(config.publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return false;
  return url.protocol === 'https:' || host === 'localhost' || host.endsWith('.localhost');
}

const relyingParty = (config: RelyingPartyConfig) => {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: `${config.assistantName} Owner Dashboard` };
};

/** WebAuthn's transports: a hint kept with the passkey for the browser's next sign-in, anything else dropped. */
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
const knownTransports = (transports: readonly string[]): string[] =>
  TRANSPORTS.filter((transport) => transports.includes(transport));
const transportsOf = (passkey: Pick<PasskeyRecord, 'transports'>) => knownTransports(passkey.transports.split(','));

/** Why an answer was refused, for the audit entry: never the library's message (it may quote the challenge). */
export type RefusalReason = 'not_verified' | 'unknown_passkey' | 'already_added';

export class PasskeyRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`passkey refused: ${reason}`);
  }
}

/** The options for adding a passkey: a discoverable credential (so it can sign in without a password), none of the member's own again. */
export async function registrationOptions(
  db: Db,
  config: RelyingPartyConfig,
  member: { id: number; name: string; email: string },
  existing: readonly PasskeyRecord[],
): Promise<PasskeyOptions> {
  const { rpID, rpName } = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: member.email,
    userDisplayName: member.name,
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await saveChallenge(db, options.challenge, 'register', member.id);
  return { ...options };
}

/** The options for using a passkey: the member's own (a second step), or any on this device (no password: user verification required). */
export async function authenticationOptions(
  db: Db,
  config: RelyingPartyConfig,
  purpose: Exclude<PasskeyChallengePurpose, 'register'>,
  member: { id: number; passkeys: readonly PasskeyRecord[] } | null,
): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    allowCredentials: member?.passkeys.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })) ?? [],
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
  });
  await saveChallenge(db, options.challenge, purpose, member?.id ?? null);
  return { ...options };
}

/** Spends the challenge the answer names, whether or not the rest of it holds. */
const spending = (db: Db, purpose: PasskeyChallengePurpose, userId: number | null) => (challenge: string) => spendChallenge(db, challenge, purpose, userId);

export interface NewPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string;
  deviceType: PasskeyRecord['deviceType'];
  backedUp: boolean;
}

/** Verifies a new passkey of the member against its challenge, this site and a user present. */
export async function verifyRegistration(db: Db, config: RelyingPartyConfig, memberId: number, response: z.infer<typeof passkeyRegistration>): Promise<NewPasskey> {
  const { rpID, origin } = relyingParty(config);
  const result = await verifyRegistrationResponse({
    response: { ...response, response: { ...response.response, transports: knownTransports(response.response.transports ?? []) } },
    expectedChallenge: spending(db, 'register', memberId),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }));
  if (!result.verified) throw new PasskeyRefused('not_verified');
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(','),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

/**
 * Verifies a passkey's answer against its challenge, this site, the stored public key and counter (a counter that
 * goes back means a cloned authenticator). Without a password, the authenticator must have verified the user.
 */
export async function verifyAuthentication(
  db: Db,
  config: RelyingPartyConfig,
  purpose: Exclude<PasskeyChallengePurpose, 'register'>,
  memberId: number | null,
  passkey: PasskeyRecord,
  response: z.infer<typeof passkeyAssertion>,
): Promise<{ counter: number; backedUp: boolean; deviceType: PasskeyRecord['deviceType'] }> {
  const { rpID, origin } = relyingParty(config);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: spending(db, purpose, memberId),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
    requireUserVerification: purpose === 'sign_in',
  }).catch(() => ({ verified: false as const }));
  if (!result.verified) throw new PasskeyRefused('not_verified');
  const info = result.authenticationInfo;
  return { counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType };
}
