import { IconBook, IconBulb, IconPlugConnected, IconShieldLock, IconFileText, IconHistory, IconHome, IconLifebuoy, IconListDetails, IconMessage2, IconSettings, IconUsers, type AppIcon } from '../components/icons.tsx';
import { canManageIntegrations, canReadAuditLog, canReadDocuments, canReadInformTheBot, canReadInsights, canReadUserAccounts, canSetSecondFactorPolicy, type StaffRule } from '@steward/contract/permissions';

export interface SidebarEntry {
  label: string;
  to: string;
  icon: AppIcon;
  /** Shown only to staff this rule allows; to everyone without one. */
  shownTo?: StaffRule;
  showsOpenHelpRequests?: boolean;
}

/** The sidebar of spec section 2, in its order; then Insights (issue 40), Integrations (issue 57) and Sign-in security (issue 56), outside the spec, last. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { label: 'Home', to: '/home', icon: IconHome },
  { label: 'History', to: '/history', icon: IconHistory },
  { label: 'Feedback', to: '/feedback', icon: IconMessage2 },
  { label: 'Help Requests', to: '/help-requests', icon: IconLifebuoy, showsOpenHelpRequests: true },
  { label: 'Documents', to: '/documents', icon: IconFileText, shownTo: canReadDocuments },
  { label: 'Inform the Bot', to: '/inform-the-bot', icon: IconBook, shownTo: canReadInformTheBot },
  { label: 'Bot Settings', to: '/bot-settings', icon: IconSettings },
  { label: 'User Accounts', to: '/user-accounts', icon: IconUsers, shownTo: canReadUserAccounts },
  { label: 'Audit Log', to: '/audit-log', icon: IconListDetails, shownTo: canReadAuditLog },
  { label: 'Insights', to: '/insights', icon: IconBulb, shownTo: canReadInsights },
  { label: 'Integrations', to: '/integrations', icon: IconPlugConnected, shownTo: canManageIntegrations },
  { label: 'Sign-in security', to: '/sign-in-security', icon: IconShieldLock, shownTo: canSetSecondFactorPolicy },
];
