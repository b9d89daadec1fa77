import type { Capability } from './access.ts';
import type { CurrentUser } from './auth.ts';
import type { DocumentStatus } from './documents.ts';
import { isSiteCrawling, type SiteStatus } from './sites.ts';
import type { InformTheBotRow } from './inform-the-bot.ts';

/**
 * The rules of spec section 6 (roles and permissions) and of the gated routes and controls of
 * section 2, one named function each. The server's routes declare their access with them and the
 * dashboard shows or hides its screens and controls with the very same functions, so both sides
 * always agree. Nothing else checks a role or a capability.
 */

/** Whom a rule asks about: the signed-in staff member (the current user, or the server's session user). */
export interface StaffMember {
  id: CurrentUser['id'];
  role: CurrentUser['role'];
  capabilities: readonly Capability[];
}

/** A rule that depends on the staff member alone: the kind a route or a screen can declare. */
export type StaffRule = (user: StaffMember) => boolean;

const holds = (user: StaffMember, capability: Capability): boolean => user.capabilities.includes(capability);
const isAdministrator = (user: StaffMember): boolean => user.role === 'admin';
const isOwnAccount = (user: StaffMember, accountId: number): boolean => user.id === accountId;

// Screens and their lists (route table and sidebar)

/** The Documents screen and its sidebar entry: read_documents. */
export const canReadDocuments: StaffRule = (user) => holds(user, 'read_documents');

/** The Inform the Bot screen, its sidebar entry and its list: read_inform_the_bot. */
export const canReadInformTheBot: StaffRule = (user) => holds(user, 'read_inform_the_bot');

/** The User Accounts screen, its sidebar entry and its list: read_user_accounts. */
export const canReadUserAccounts: StaffRule = (user) => holds(user, 'read_user_accounts');

/** The Audit Log screen, its sidebar entry and its list: read_audit_log (administrators by default). */
export const canReadAuditLog: StaffRule = (user) => holds(user, 'read_audit_log');

/**
 * The Insights screen, its sidebar entry, the Home tile and their calls: whoever may read the history
 * (every signed-in staff member), since the insights are counts over it. Document health lists the
 * documents and asks canReadDocuments too.
 */
// The server asks a rule only of a signed-in member, so "any staff member" is simply true.
export const canReadInsights: StaffRule = () => true;

/** Document health: the insights and the documents they name. */
export const canReadDocumentHealth: StaffRule = (user) => canReadInsights(user) && canReadDocuments(user);

/** The Export buttons of History, Feedback, Help Requests and the Audit Log, and the export calls: export_data. */
export const canExportData: StaffRule = (user) => holds(user, 'export_data');

/** The Audit Log's Export links and its export call: export_data, and reading the audit log at all. */
export const canExportAuditLog: StaffRule = (user) => canExportData(user) && canReadAuditLog(user);

/**
 * The Reveal button of History, Feedback and Help Requests details, the reveal call, and unmasked exports:
 * view_personal_data (administrators by default). Without it, emails, phone numbers and addresses stay masked.
 */
export const canViewPersonalData: StaffRule = (user) => holds(user, 'view_personal_data');

// User accounts

/** The "+ Add new user" link: administrators by role. */
export const canSeeAddUserLink: StaffRule = (user) => isAdministrator(user);

/** The Add user screen and the invitation it sends: create_user. */
export const canAddUser: StaffRule = (user) => holds(user, 'create_user');

/** Without a mail server, an administrator (by role) is given the invitation's register link to pass on. */
export const canSeeInvitationLink: StaffRule = (user) => isAdministrator(user);

/** "Delete User", and deleting an account: delete_user. */
export const canDeleteUser: StaffRule = (user) => holds(user, 'delete_user');

/** /user-accounts/{id}: only the id of one's own account. */
export const canOpenUserRoute = (user: StaffMember, accountId: number): boolean => isOwnAccount(user, accountId);

/** The "Change Password" link and the change itself: one's own account only. */
export const canChangePassword = (user: StaffMember, accountId: number): boolean => isOwnAccount(user, accountId);

/** Saving a display theme: one's own only. */
export const canChangeTheme = (user: StaffMember, accountId: number): boolean => isOwnAccount(user, accountId);

/**
 * Reading one account through the API (GET /api/user/{id}): one's own, or any with read_user_accounts,
 * who see its name, email and role in the list anyway. The screen itself stays own-account only.
 */
export const canReadUserAccount = (user: StaffMember, accountId: number): boolean =>
  isOwnAccount(user, accountId) || canReadUserAccounts(user);

/** Setting up, removing and renewing the recovery codes of a second factor: one's own account only (admins included). */
export const canManageOwnSecondFactor = (user: StaffMember, accountId: number): boolean => isOwnAccount(user, accountId);

/** Resetting another member's second factor (they lost their device): whoever may delete accounts (delete_user). */
export const canResetSecondFactor: StaffRule = (user) => holds(user, 'delete_user');

/** Requiring a second factor of every staff member who signs in with a password: administrators by role. */
export const canSetSecondFactorPolicy: StaffRule = (user) => isAdministrator(user);

/** Seeing and ending one's signed-in sessions (browser, address, place): one's own account only (admins included). */
export const canManageOwnSessions = (user: StaffMember, accountId: number): boolean => isOwnAccount(user, accountId);

/** Ending every session of a member (a lost laptop) and seeing who has live sessions: whoever may delete accounts (delete_user). */
export const canEndMemberSessions: StaffRule = (user) => holds(user, 'delete_user');
/** Single sign-on's settings on Sign-in security (joining domains, SSO only, break-glass administrators): administrators by role. */
export const canManageSingleSignOn: StaffRule = (user) => isAdministrator(user);

// Inform the Bot

/** "Add new information" (typed or from files): create_inform_the_bot. */
export const canCreateInformation: StaffRule = (user) => holds(user, 'create_inform_the_bot');

/** A card's edit button and the edit: create_inform_the_bot. */
export const canEditInformation: StaffRule = (user) => holds(user, 'create_inform_the_bot');

/** The capability of those who may approve information: the server finds the approvers to mail by it. */
export const REVIEW_INFORMATION_CAPABILITY: Capability = 'create_inform_the_bot';

/** Approving information in general (the Approve button of pending cards): create_inform_the_bot. */
export const canReviewInformation: StaffRule = (user) => holds(user, REVIEW_INFORMATION_CAPABILITY);

/**
 * Approving this item: a pending item, and not by its creator. The creator is the last author, the
 * person who wrote its current text (an edit makes the editor its author again): four eyes on every text.
 */
export const canApproveInformation = (user: StaffMember, item: Pick<InformTheBotRow, 'status' | 'last_author_id'>): boolean =>
  canReviewInformation(user) && item.status === 'pending' && item.last_author_id !== user.id;

/** A card's delete button and the deletion: administrators by role. */
export const canDeleteInformation: StaffRule = (user) => isAdministrator(user);

// Feedback

/** The "Inform the Bot" shortcut of a down-rated feedback: administrators by role. */
export const canUseFeedbackShortcut: StaffRule = (user) => isAdministrator(user);

/** The correction form of a feedback ("Type correct answer to the question below."): create_inform_the_bot. */
export const canSaveCorrection: StaffRule = (user) => holds(user, 'create_inform_the_bot');

// Help requests

/** "Mark as Resolved" / "Reopen Request": update_help_request_status. */
export const canUpdateHelpRequestStatus: StaffRule = (user) => holds(user, 'update_help_request_status');

// Bot settings

/** The Save buttons, fun fact edit/delete and the email section of Bot Settings: update_bot_settings. */
export const canUpdateBotSettings: StaffRule = (user) => holds(user, 'update_bot_settings');

/**
 * Bot Settings' Answers card (the answer writer and the embedder, their keys) and its calls: administrators by
 * role who hold update_bot_settings. Its keys reach paid services, and its embedder re-indexes the knowledge.
 */
export const canManageAnswerModels: StaffRule = (user) => isAdministrator(user) && canUpdateBotSettings(user);

// Privacy

/** The Privacy screen, its sidebar entry, and finding and erasing what is stored about a visitor: erase_personal_data. */
export const canErasePersonalData: StaffRule = (user) => holds(user, 'erase_personal_data');

// Integrations

/**
 * The Integrations screen (issue 57), its sidebar entry, and creating, revoking and re-scoping integration keys:
 * administrators by role. A key opens the bot API to whoever holds it.
 */
export const canManageIntegrations: StaffRule = (user) => isAdministrator(user);

/** Offering the weekly report by mail to the instance's staff (a card on Integrations): administrators by role. */
export const canOfferWeeklyReport: StaffRule = (user) => isAdministrator(user);

/** Opting in or out of the weekly report: one's own account only (admins included). */
export const canManageOwnWeeklyReport = (user: StaffMember, accountId: number): boolean => isOwnAccount(user, accountId);
/**
 * Webhook endpoints on the Integrations screen (issue 57): adding, changing, deleting, rotating a secret, reading
 * deliveries and redelivering. Administrators by role: an endpoint receives what the dashboard knows.
 */
export const canManageWebhooks: StaffRule = (user) => isAdministrator(user);

// Documents

/** The drop area, URL rows and Upload button: upload_document. */
export const canUploadDocuments: StaffRule = (user) => holds(user, 'upload_document');

/** Adding a website as a source, and cancelling its crawl: the same capability as uploading (upload_document). */
export const canAddSites: StaffRule = (user) => canUploadDocuments(user);

/** A document added by URL: its sync schedule and Sync now, as a website's (upload_document). */
export const canSyncDocumentSources: StaffRule = (user) => canUploadDocuments(user);

/** Deleting a website source with its pages: administrators by role, as documents, and not while it is being read. */
export const canDeleteSite = (user: StaffMember, site: { status: SiteStatus }): boolean => canManageDocuments(user) && !isSiteCrawling(site.status);

/** Editing, replacing and deleting documents at all: administrators by role (the routes' rule). */
export const canManageDocuments: StaffRule = (user) => isAdministrator(user);

/**
 * Excluding a passage of a document from every answer, and including it again: whoever may edit documents
 * (administrators by role). Every reader of the documents sees the passages and which are excluded.
 */
export const canExcludeChunks: StaffRule = (user) => canManageDocuments(user);

/** Editing a document's title and source URL, or replacing its file: administrators by role, and not while it is in progress. */
export const canEditDocument = (user: StaffMember, document: { status: DocumentStatus }): boolean =>
  canManageDocuments(user) && document.status !== 'in_progress';

/** Deleting a document: administrators by role, and not while it is in progress. */
export const canDeleteDocument = (user: StaffMember, document: { status: DocumentStatus }): boolean =>
  canManageDocuments(user) && document.status !== 'in_progress';
