import { SSO_MESSAGES, type SsoSettings } from '@steward/contract/single-sign-on';
import type { z } from 'zod';
import type { saveSsoSettingsRequest } from '@steward/contract/single-sign-on';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditActor, recordAudit } from '../audit-log/record-audit.ts';
import { SSO_CALLBACK_PATH } from './sso-client.ts';
import { administratorsAmong, listBreakGlass, readSsoPolicy, saveSsoPolicy } from './sso.repository.ts';

/** Sign-in security's single sign-on: the environment's settings, read-only and without the secret, and what admins set. */
export async function presentSsoSettings(db: Db, config: Pick<Config, 'oidc' | 'publicUrl'>): Promise<SsoSettings> {
  const { oidc } = config;
  const policy = await readSsoPolicy(db);
  return {
    configured: oidc !== undefined,
    provider_name: oidc?.providerName ?? null,
    issuer: oidc?.issuer ?? null,
    client_id: oidc?.clientId ?? null,
    scopes: oidc?.scopes ?? [],
    groups_claim: oidc?.groupsClaim ?? null,
    group_roles: oidc?.groupRoles ?? [],
    callback_url: `${config.publicUrl}${SSO_CALLBACK_PATH}`,
    logout_redirect_url: `${config.publicUrl}/`,
    join_domains: policy.joinDomains,
    sso_only: policy.ssoOnly,
    break_glass: await listBreakGlass(db),
  };
}

/** Saves joining domains, SSO only and the break-glass administrators, audited with what changed. */
export async function saveSsoSettings(tx: Db, actor: AuditActor, config: Pick<Config, 'oidc'>, body: z.output<typeof saveSsoSettingsRequest>): Promise<void> {
  if (body.sso_only && !config.oidc) throw new HttpError(409, SSO_MESSAGES.notConfigured, 'sso_only');
  const breakGlassIds = [...new Set(body.break_glass_ids)];
  const administrators = await administratorsAmong(tx, breakGlassIds);
  if (administrators.length !== breakGlassIds.length) throw new HttpError(400, SSO_MESSAGES.breakGlassNotAdmin, 'break_glass_ids');
  const joinDomains = [...new Set(body.join_domains)];
  const previous = await readSsoPolicy(tx);
  await saveSsoPolicy(tx, { joinDomains, ssoOnly: body.sso_only }, breakGlassIds);
  await recordAudit(tx, actor, {
    action: 'sso_settings_changed',
    details: { sso_only: body.sso_only, previous_sso_only: previous.ssoOnly, join_domains: joinDomains.join(', '), break_glass_ids: breakGlassIds.join(', ') },
  });
}

