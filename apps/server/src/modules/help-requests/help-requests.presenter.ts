import type { HelpRequest } from '@steward/contract/help-requests';
import { maskEmail, maskIpAddress, maskPersonalData } from '../../lib/personal-data.ts';

/**
 * A help request as everyone sees it with masking on (issues 43, 58): the visitor's email, address and what their message holds
 * masked; the name stays, so staff can greet them. Reveal and exports show them whole to whoever holds
 * view_personal_data (docs/privacy.md).
 */
export const maskHelpRequest = <Row extends HelpRequest>(row: Row): Row => ({
  ...row,
  user_ip: maskIpAddress(row.user_ip),
  email: maskEmail(row.email),
  message: maskPersonalData(row.message),
});
