import { Navigate, useParams } from 'react-router';
import { helpRequestStatusFilter } from '@steward/contract/help-requests';
import { canExportData } from '@steward/contract/permissions';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { HelpRequestDetail } from '../../features/help-requests/components/help-request-detail.tsx';
import { HelpRequestList } from '../../features/help-requests/components/help-request-list.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

/** /help-requests, /help-requests/page/{page} and /help-requests/page/{page}/{resolved|pending}. */
export function HelpRequestListScreen() {
  const { page, status } = useParams();
  const viewer = useSignedInUser();
  const filter = helpRequestStatusFilter.safeParse(status ?? '');
  if (!filter.success || (status !== undefined && filter.data === '')) return <Navigate to="/help-requests" replace />;
  return <HelpRequestList status={filter.data} pageIndex={pageIndexFromRoute(page)} canExport={canExportData(viewer)} />;
}

/** /help-requests/{id} */
export function HelpRequestDetailScreen() {
  const { id } = useParams();
  const viewer = useSignedInUser();
  const helpRequestId = Number(id);
  if (!Number.isInteger(helpRequestId) || helpRequestId < 1) return <Navigate to="/help-requests" replace />;
  return <HelpRequestDetail key={helpRequestId} id={helpRequestId} viewer={viewer} />;
}
