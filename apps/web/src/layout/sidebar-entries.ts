import type { Capability } from '@steward/contract/access';

export interface SidebarEntry {
  label: string;
  to: string;
  /** Shown only to users whose role holds this capability. */
  capability?: Capability;
  showsOpenHelpRequests?: boolean;
}

/** The sidebar of spec section 2, in its order. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { label: 'Home', to: '/home' },
  { label: 'History', to: '/history' },
  { label: 'Feedback', to: '/feedback' },
  { label: 'Help Requests', to: '/help-requests', showsOpenHelpRequests: true },
  { label: 'Documents', to: '/documents', capability: 'read_documents' },
  { label: 'Inform the Bot', to: '/inform-the-bot', capability: 'read_inform_the_bot' },
  { label: 'Bot Settings', to: '/bot-settings' },
  { label: 'User Accounts', to: '/user-accounts', capability: 'read_user_accounts' },
];
