/** The Audit Log screen (one chunk, loaded by audit-log-routes.tsx). */
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { AuditLogList } from '../../features/audit-log/components/audit-log-list.tsx';

export function AuditLogScreen() {
  return <AuditLogList viewer={useSignedInUser()} />;
}
