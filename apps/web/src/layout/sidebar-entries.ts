import type { LucideIcon } from 'lucide-react';
import { BookOpenText, FileText, History, House, LifeBuoy, MessageSquareText, ScrollText, Settings, Users } from 'lucide-react';
import { canReadAuditLog, canReadDocuments, canReadInformTheBot, canReadUserAccounts, type StaffRule } from '@steward/contract/permissions';

export interface SidebarEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to staff this rule allows; to everyone without one. */
  shownTo?: StaffRule;
  showsOpenHelpRequests?: boolean;
}

/** The sidebar of spec section 2, in its order. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { label: 'Home', to: '/home', icon: House },
  { label: 'History', to: '/history', icon: History },
  { label: 'Feedback', to: '/feedback', icon: MessageSquareText },
  { label: 'Help Requests', to: '/help-requests', icon: LifeBuoy, showsOpenHelpRequests: true },
  { label: 'Documents', to: '/documents', icon: FileText, shownTo: canReadDocuments },
  { label: 'Inform the Bot', to: '/inform-the-bot', icon: BookOpenText, shownTo: canReadInformTheBot },
  { label: 'Bot Settings', to: '/bot-settings', icon: Settings },
  { label: 'User Accounts', to: '/user-accounts', icon: Users, shownTo: canReadUserAccounts },
  { label: 'Audit Log', to: '/audit-log', icon: ScrollText, shownTo: canReadAuditLog },
];
