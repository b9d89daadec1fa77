import { canReadDocuments, canReadInformTheBot, canReadUserAccounts, type StaffRule } from '@steward/contract/permissions';

export interface SidebarEntry {
  label: string;
  to: string;
  /** Shown only to staff this rule allows; to everyone without one. */
  shownTo?: StaffRule;
  showsOpenHelpRequests?: boolean;
}

/** The sidebar of spec section 2, in its order. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { label: 'Home', to: '/home' },
  { label: 'History', to: '/history' },
  { label: 'Feedback', to: '/feedback' },
  { label: 'Help Requests', to: '/help-requests', showsOpenHelpRequests: true },
  { label: 'Documents', to: '/documents', shownTo: canReadDocuments },
  { label: 'Inform the Bot', to: '/inform-the-bot', shownTo: canReadInformTheBot },
  { label: 'Bot Settings', to: '/bot-settings' },
  { label: 'User Accounts', to: '/user-accounts', shownTo: canReadUserAccounts },
];
