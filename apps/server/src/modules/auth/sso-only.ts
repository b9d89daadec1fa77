import { SSO_MESSAGES } from '@steward/contract/single-sign-on';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isBreakGlass, readSsoPolicy } from './sso.repository.ts';

/**
 * While an administrator makes single sign-on the only way in (Sign-in security), a password (login, the sign-in
 * link that follows one, a password reset, an invitation's password) is refused to everyone but the named
 * break-glass administrators. Without OIDC_* set the setting is ignored: nobody is locked out by a provider gone.
 */
export async function passwordAllowed(db: Db, config: Pick<Config, 'oidc'>, userId: number | undefined): Promise<boolean> {
  if (!config.oidc || !(await readSsoPolicy(db)).ssoOnly) return true;
  return userId !== undefined && (await isBreakGlass(db, userId));
}

/** 403, field "none", naming the provider's button. */
export const ssoOnlyError = (config: Pick<Config, 'oidc'>): HttpError => new HttpError(403, SSO_MESSAGES.ssoOnly(config.oidc?.providerName ?? 'SSO'), 'none');

export async function refuseUnlessPasswordAllowed(db: Db, config: Pick<Config, 'oidc'>, userId: number | undefined): Promise<void> {
  if (!(await passwordAllowed(db, config, userId))) throw ssoOnlyError(config);
}
