import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from './access.ts';
import {
  canAddUser,
  canApproveInformation,
  canChangePassword,
  canChangeTheme,
  canCreateInformation,
  canDeleteDocument,
  canDeleteInformation,
  canDeleteUser,
  canEditDocument,
  canEditInformation,
  canErasePersonalData,
  canManageDocuments,
  canManageOwnWeeklyReport,
  canOfferWeeklyReport,
  canExportAuditLog,
  canExportData,
  canReadAuditLog,
  canOpenUserRoute,
  canReadDocuments,
  canReadInformTheBot,
  canReadUserAccount,
  canReadUserAccounts,
  canReviewInformation,
  canSaveCorrection,
  canSeeAddUserLink,
  canSeeInvitationLink,
  canManageAnswerModels,
  canUpdateBotSettings,
  canUpdateHelpRequestStatus,
  canUploadDocuments,
  canUseFeedbackShortcut,
  canViewPersonalData,
  type StaffMember,
  type StaffRule,
} from './permissions.ts';

// Built from the role defaults: a change to a role's capabilities changes these answers,
// and with them both what the server allows and what the dashboard shows.
const admin: StaffMember = { id: 1, role: 'admin', capabilities: DEFAULT_ROLE_CAPABILITIES.admin };
const viewer: StaffMember = { id: 2, role: 'viewer', capabilities: DEFAULT_ROLE_CAPABILITIES.viewer };
/** A role an operator stripped of every capability (role_capabilities is editable): not admin, holds nothing. */
const bare: StaffMember = { id: 3, role: 'viewer', capabilities: [] };
/** An administrator whose role lost its capabilities: the "admin by role" rules still hold. */
const bareAdmin: StaffMember = { id: 4, role: 'admin', capabilities: [] };

describe('rules of the staff member alone', () => {
  const table: [name: string, rule: StaffRule, admin: boolean, viewer: boolean, bare: boolean, bareAdmin: boolean][] = [
    ['canReadDocuments', canReadDocuments, true, true, false, false],
    ['canReadInformTheBot', canReadInformTheBot, true, true, false, false],
    ['canReadUserAccounts', canReadUserAccounts, true, true, false, false],
    ['canSeeAddUserLink (admin by role)', canSeeAddUserLink, true, false, false, true],
    ['canAddUser (create_user)', canAddUser, true, false, false, false],
    ['canSeeInvitationLink (admin by role)', canSeeInvitationLink, true, false, false, true],
    ['canDeleteUser (delete_user)', canDeleteUser, true, false, false, false],
    ['canCreateInformation', canCreateInformation, true, true, false, false],
    ['canEditInformation', canEditInformation, true, true, false, false],
    ['canReviewInformation', canReviewInformation, true, true, false, false],
    ['canDeleteInformation (admin by role)', canDeleteInformation, true, false, false, true],
    ['canUseFeedbackShortcut (admin by role)', canUseFeedbackShortcut, true, false, false, true],
    ['canSaveCorrection (create_inform_the_bot)', canSaveCorrection, true, true, false, false],
    ['canUpdateHelpRequestStatus', canUpdateHelpRequestStatus, true, true, false, false],
    ['canUpdateBotSettings', canUpdateBotSettings, true, false, false, false],
    ['canManageAnswerModels (admin by role, update_bot_settings)', canManageAnswerModels, true, false, false, false],
    ['canUploadDocuments (upload_document)', canUploadDocuments, true, false, false, false],
    ['canManageDocuments (admin by role)', canManageDocuments, true, false, false, true],
    ['canReadAuditLog (read_audit_log)', canReadAuditLog, true, false, false, false],
    ['canExportData (export_data)', canExportData, true, false, false, false],
    ['canExportAuditLog (export_data and read_audit_log)', canExportAuditLog, true, false, false, false],
    ['canViewPersonalData (view_personal_data)', canViewPersonalData, true, false, false, false],
    ['canErasePersonalData (erase_personal_data)', canErasePersonalData, true, false, false, false],
    ['canOfferWeeklyReport (admin by role)', canOfferWeeklyReport, true, false, false, true],
  ];

  it.each(table)('%s: admin %s, viewer %s, no capabilities %s, admin without capabilities %s', (_name, rule, forAdmin, forViewer, forBare, forBareAdmin) => {
    expect([rule(admin), rule(viewer), rule(bare), rule(bareAdmin)]).toEqual([forAdmin, forViewer, forBare, forBareAdmin]);
  });
});

describe('own-account rules', () => {
  const table: [name: string, rule: (user: StaffMember, accountId: number) => boolean][] = [
    ['canOpenUserRoute', canOpenUserRoute],
    ['canChangePassword', canChangePassword],
    ['canChangeTheme', canChangeTheme],
    ['canManageOwnWeeklyReport', canManageOwnWeeklyReport],
  ];
  it.each(table)('%s: only the own id, whatever the role', (_name, rule) => {
    for (const user of [admin, viewer, bare]) {
      expect(rule(user, user.id)).toBe(true);
      expect(rule(user, 99)).toBe(false);
    }
  });

  it('canReadUserAccount: the own account, or any account with read_user_accounts', () => {
    expect([canReadUserAccount(admin, 99), canReadUserAccount(viewer, 99), canReadUserAccount(bare, 99)]).toEqual([true, true, false]);
    expect(canReadUserAccount(bare, bare.id)).toBe(true);
  });
});

describe('canApproveInformation', () => {
  const pendingBy = (authorId: number) => ({ status: 'pending' as const, last_author_id: authorId });

  it('lets someone other than the last author approve a pending item', () => {
    expect([canApproveInformation(admin, pendingBy(viewer.id)), canApproveInformation(viewer, pendingBy(admin.id))]).toEqual([true, true]);
  });

  it('never lets the last author approve, admins included', () => {
    expect([canApproveInformation(admin, pendingBy(admin.id)), canApproveInformation(viewer, pendingBy(viewer.id))]).toEqual([false, false]);
  });

  it('needs create_inform_the_bot and a pending item', () => {
    expect(canApproveInformation(bare, pendingBy(admin.id))).toBe(false);
    expect(canApproveInformation(admin, { status: 'approved', last_author_id: viewer.id })).toBe(false);
  });
});

describe('document edit and delete', () => {
  const table: [name: string, rule: typeof canEditDocument][] = [
    ['canEditDocument', canEditDocument],
    ['canDeleteDocument', canDeleteDocument],
  ];
  it.each(table)('%s: admin by role, and not while the document is in progress', (_name, rule) => {
    expect([rule(admin, { status: 'completed' }), rule(admin, { status: 'error' }), rule(admin, { status: 'in_progress' })]).toEqual([true, true, false]);
    expect([rule(bareAdmin, { status: 'completed' }), rule(viewer, { status: 'completed' }), rule(bare, { status: 'completed' })]).toEqual([true, false, false]);
  });
});
