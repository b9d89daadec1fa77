import { z } from 'zod';
import { capabilitySchema, roleSchema } from './access.ts';
import { MAX_EMAIL_LENGTH, SIMPLE_EMAIL_PATTERN } from './email-address.ts';

export const THEMES = ['light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const LOGIN_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'The email address you entered is not valid. Please try again.',
  passwordRequired: 'Please enter your password.',
  wrongCredentials: 'The email address or password you entered is incorrect.',
} as const;

export { MAX_EMAIL_LENGTH, SIMPLE_EMAIL_PATTERN };
/** argon2 takes any length, but an unbounded password is a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 256;

export const loginRequest = z.strictObject({
  email: z
    .string({ error: LOGIN_MESSAGES.emailRequired })
    .trim()
    .min(1, LOGIN_MESSAGES.emailRequired)
    .max(MAX_EMAIL_LENGTH, LOGIN_MESSAGES.emailInvalid)
    .regex(SIMPLE_EMAIL_PATTERN, LOGIN_MESSAGES.emailInvalid),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, `Passwords are at most ${MAX_PASSWORD_LENGTH} characters long.`),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Where a login error is shown: under a field, or above the button ("none"). */
export const loginErrorField = z.enum(['email', 'password', 'none']);

export const currentUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  theme: themeSchema,
  role: roleSchema,
  capabilities: z.array(capabilitySchema),
});
export type CurrentUser = z.infer<typeof currentUserRow>;

export const changeThemeRequest = z.strictObject({
  id: z.number().int().positive(),
  theme: themeSchema,
});
export type ChangeThemeRequest = z.infer<typeof changeThemeRequest>;

/** Mailed keys; the server says whether one is unknown, used or expired. */
export const keyField = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

// ---- POST /api/verify-email-code ----
export const INVALID_SIGN_IN_LINK = 'This sign-in link is not valid or has expired. Please log in again.';
export const verifyEmailCodeRequest = z.strictObject({
  email: z.string({ error: INVALID_SIGN_IN_LINK }).trim().min(1, INVALID_SIGN_IN_LINK).max(MAX_EMAIL_LENGTH, INVALID_SIGN_IN_LINK),
  code: keyField(INVALID_SIGN_IN_LINK),
});
export type VerifyEmailCodeRequest = z.infer<typeof verifyEmailCodeRequest>;

/** What login answers (field "none") when LOGIN_EMAIL_CHECK sends a sign-in link instead of signing in. */
export const SIGN_IN_LINK_SENT =
  'For your security, we sent a sign-in link to your email address. Open it to finish logging in on this browser.';
