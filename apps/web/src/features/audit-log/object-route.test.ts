import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import type { AuditEntry } from '@steward/contract/audit-log';
import type { StaffMember } from '@steward/contract/permissions';
import { auditObjectRoute } from './object-route.ts';

const admin: StaffMember = { id: 1, role: 'admin', capabilities: DEFAULT_ROLE_CAPABILITIES.admin };
const bare: StaffMember = { id: 2, role: 'admin', capabilities: ['read_audit_log'] };
const entry = (object_type: AuditEntry['object_type'], object_id: number | null, object_exists = true) => ({ object_type, object_id, object_exists });

describe('where an audit entry links', () => {
  it.each([
    [entry('user', 1), '/user-accounts/1'],
    [entry('user', 9), '/user-accounts'],
    [entry('information', 4), '/inform-the-bot'],
    [entry('document', 5), '/documents'],
    [entry('help_request', 6), '/help-requests/6'],
    [entry('feedback', 7), '/feedback/7'],
    [entry('bot_settings', null), '/bot-settings'],
    [entry('fun_fact', 8), '/bot-settings'],
    [entry('invitation', null), null],
    [entry('export', null), null],
    [entry(null, null), null],
    [entry('user', 9, false), null],
    [entry('help_request', 6, false), null],
  ])('%j → %s', (object, route) => {
    expect(auditObjectRoute(object, admin)).toBe(route);
  });

  it('links only to screens the viewer may open', () => {
    expect(auditObjectRoute(entry('user', 9), bare)).toBeNull();
    expect(auditObjectRoute(entry('user', 2), bare)).toBe('/user-accounts/2');
    expect(auditObjectRoute(entry('information', 4), bare)).toBeNull();
    expect(auditObjectRoute(entry('document', 5), bare)).toBeNull();
  });
});
