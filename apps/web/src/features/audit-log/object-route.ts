import type { AuditEntry } from '@steward/contract/audit-log';
import { canManageIntegrations, canOpenUserRoute, canReadDocuments, canReadInformTheBot, canReadUserAccounts, type StaffMember } from '@steward/contract/permissions';

/**
 * Where an entry's object opens, for this viewer: its own screen when it still exists and the
 * viewer may open it; null otherwise (a deleted account, an invitation, an export).
 */
export function auditObjectRoute(entry: Pick<AuditEntry, 'object_type' | 'object_id' | 'object_exists'>, viewer: StaffMember): string | null {
  if (!entry.object_exists) return null;
  const id = entry.object_id;
  switch (entry.object_type) {
    case 'user':
      if (id !== null && canOpenUserRoute(viewer, id)) return `/user-accounts/${id}`;
      return canReadUserAccounts(viewer) ? '/user-accounts' : null;
    case 'information':
      return canReadInformTheBot(viewer) ? '/inform-the-bot' : null;
    case 'document':
    case 'site':
      return canReadDocuments(viewer) ? '/documents' : null;
    case 'help_request':
      return id === null ? null : `/help-requests/${id}`;
    case 'feedback':
      return id === null ? null : `/feedback/${id}`;
    case 'bot_settings':
    case 'fun_fact':
      return '/bot-settings';
    case 'integration_key':
    case 'webhook_endpoint':
      return canManageIntegrations(viewer) ? '/integrations' : null;
    default:
      return null;
  }
}
