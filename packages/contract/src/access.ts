import { z } from 'zod';

export const ROLES = ['admin', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABEL: Record<Role, string> = {
  admin: 'Administrator',
  viewer: 'Viewer',
};

export const CAPABILITIES = [
  'read_documents',
  'read_inform_the_bot',
  'read_user_accounts',
  'create_inform_the_bot',
  'create_user',
  'delete_user',
  'update_help_request_status',
  'update_bot_settings',
  'upload_document',
  'read_audit_log',
  // Issue 40: the CSV / JSON lines exports of the lists (administrators by default, migration 2610).
  'export_data',
  // Issue 43: emails, phone numbers and addresses unmasked on Reveal and in exports (administrators by default, migration 2800).
  'view_personal_data',
  // Issue 43: finding and erasing what is stored about one visitor (administrators by default, migration 2900).
  'erase_personal_data',
] as const;
export const capabilitySchema = z.enum(CAPABILITIES);
export type Capability = z.infer<typeof capabilitySchema>;

/**
 * The capabilities each role starts with. The server keeps them in the
 * role_capabilities table (seeded from this list), so an operator can change them.
 */
export const DEFAULT_ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  viewer: [
    'read_documents',
    'read_inform_the_bot',
    'read_user_accounts',
    'create_inform_the_bot',
    'update_help_request_status',
  ],
};
