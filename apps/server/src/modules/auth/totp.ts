import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@steward/contract/second-factor';

/**
 * Time-based one-time codes (RFC 6238) through `otpauth`: SHA-1, six digits, 30-second steps, which is what every
 * authenticator app reads from an otpauth:// link. Seeds are 160 bits (RFC 4226's recommended length), kept as
 * base32, the form the member types or scans.
 */

/** A code is accepted for the current step and one step either side (clocks drift, people type slowly). */
export const TOTP_WINDOW_STEPS = 1;

export const newTotpSeed = (): string => new Secret({ size: 20 }).base32;

const totpOf = (seed: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(seed), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** The time step (RFC 6238's T) of a moment. */
export const timeStepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step a typed code belongs to, when it is the seed's code for the step of `nowMs` or one either side;
 * undefined otherwise. Whether that step was used already is the caller's question (a code is good once).
 */
export function matchingTimeStep(seed: string, typed: string, nowMs: number = Date.now()): number | undefined {
  const token = typed.replace(/\s+/g, '');
  if (token.length !== TOTP_DIGITS || !/^\d+$/.test(token)) return undefined;
  const delta = totpOf(seed).validate({ token, timestamp: nowMs, window: TOTP_WINDOW_STEPS });
  return delta === null ? undefined : timeStepAt(nowMs) + delta;
}

/** The otpauth:// link an authenticator app reads: the product's name as issuer, the member's email as label. */
export const otpauthUri = (seed: string, email: string, issuer: string): string => totpOf(seed, email, issuer).toString();

/** The link as a QR code, an SVG document (rendered on the account page as an image). */
export const qrCodeSvg = (uri: string): Promise<string> => QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The seed as the member types it into an app: base32 in groups of four. */
export const manualKey = (seed: string): string => seed.replace(/(.{4})(?=.)/g, '$1 ');
