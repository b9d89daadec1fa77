import { z } from 'zod';
import { roleSchema } from './access.ts';

/**
 * Single sign-on with OpenID Connect (issue 56): configured by environment (OIDC_*), off until then. Staff sign in
 * at their company's identity provider and are matched to a staff account by their verified email address.
 * docs/accounts.md, "Single sign-on".
 */

/** Why a single sign-on was refused, as the callback sends the browser back to the login screen (`/?sso_error=…`). */
export const SSO_REFUSALS = ['unknown_account', 'email_not_verified', 'no_email', 'failed', 'expired', 'cancelled', 'not_configured'] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** The login screen's words for each refusal (shown above the Login button). */
export const SSO_REFUSAL_MESSAGES: Record<SsoRefusal, string> = {
  unknown_account: 'There is no staff account for your email address. Ask an administrator to invite you.',
  email_not_verified: 'Your identity provider has not verified your email address, so it cannot sign you in here.',
  no_email: 'Your identity provider did not send your email address. Ask your administrator to allow the email scope.',
  failed: 'Single sign-on could not be completed. Please try again.',
  expired: 'Your single sign-on attempt has expired. Please try again.',
  cancelled: 'Single sign-on was cancelled or refused by your identity provider.',
  not_configured: 'Single sign-on is not set up on this dashboard.',
};

export const SSO_MESSAGES = {
  /** Password sign-in, a sign-in link or a password reset while single sign-on is the only way in. */
  ssoOnly: (provider: string) => `This dashboard signs you in with ${provider}. Please use "Sign in with ${provider}".`,
  /** An invitation's page and mail while single sign-on is the only way in. */
  invitationUsesSso: (provider: string) => `To accept, sign in with ${provider} using this email address.`,
  domainInvalid: 'Please enter domains such as example.com, separated by commas.',
  breakGlassNeeded: 'Name at least one administrator who may still sign in with a password.',
  breakGlassNotAdmin: 'Only administrators can be allowed to sign in with a password.',
  notConfigured: 'Single sign-on is not set up: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET first.',
} as const;

/** Whether a refusal code from the address bar is one of ours (anything else is ignored). */
export const ssoRefusalOf = (value: string | null): SsoRefusal | undefined => SSO_REFUSALS.find((refusal) => refusal === value);

/** The label of the login screen's button. */
export const ssoButtonLabel = (provider: string): string => `Sign in with ${provider}`;

// ---- GET /api/sso: public, what the login screen needs; no rows when single sign-on is off ----
export const ssoAvailabilityRow = z.object({ provider_name: z.string(), sso_only: z.boolean() });
export type SsoAvailability = z.infer<typeof ssoAvailabilityRow>;

// ---- GET /api/sso/end-session: the signed-in browser's way out at the provider (RP-initiated logout) ----
export const ssoEndSessionRow = z.object({ end_session_url: z.string().nullable() });

// ---- GET/POST /api/sso-settings (administrators by role) ----
const DOMAIN_LABEL = /^[a-z0-9-]{1,63}$/;
/** A domain name as DNS writes it: labels of letters, digits and inner hyphens, two or more, the last alphabetic. */
const isDomainName = (value: string): boolean => {
  const labels = value.split('.');
  return value.length <= 253 && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-')) && /^[a-z]{2,63}$/.test(labels.at(-1) ?? '');
};
export const MAX_JOIN_DOMAINS = 20;
export const MAX_BREAK_GLASS = 20;

export const ssoGroupRoleRow = z.object({ group: z.string(), role: roleSchema });
export const ssoBreakGlassRow = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type SsoBreakGlass = z.infer<typeof ssoBreakGlassRow>;

/** What Sign-in security shows: the environment's settings read-only (never the secret), and what admins set. */
export const ssoSettingsRow = z.object({
  configured: z.boolean(),
  provider_name: z.string().nullable(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  scopes: z.array(z.string()),
  groups_claim: z.string().nullable(),
  group_roles: z.array(ssoGroupRoleRow),
  /** The redirect URI to register at the provider. */
  callback_url: z.string(),
  /** The post-logout redirect URI to register at the provider. */
  logout_redirect_url: z.string(),
  join_domains: z.array(z.string()),
  sso_only: z.boolean(),
  break_glass: z.array(ssoBreakGlassRow),
});
export type SsoSettings = z.infer<typeof ssoSettingsRow>;

export const ssoJoinDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .refine(isDomainName, SSO_MESSAGES.domainInvalid);

export const saveSsoSettingsRequest = z.strictObject({
  join_domains: z.array(ssoJoinDomain).max(MAX_JOIN_DOMAINS, `At most ${MAX_JOIN_DOMAINS} domains.`),
  sso_only: z.boolean(),
  break_glass_ids: z.array(z.number().int().positive()).max(MAX_BREAK_GLASS, `At most ${MAX_BREAK_GLASS} administrators.`),
}).refine((body) => !body.sso_only || body.break_glass_ids.length > 0, { message: SSO_MESSAGES.breakGlassNeeded, path: ['break_glass_ids'] });
export type SaveSsoSettingsRequest = z.input<typeof saveSsoSettingsRequest>;

/** Domains as an administrator types them: "example.com, example.org". */
export const splitDomains = (text: string): string[] => text.split(/[\s,;]+/).map((domain) => domain.trim()).filter((domain) => domain !== '');
