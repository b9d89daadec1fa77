import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import type { LinkedHelpRequest } from '@steward/contract/history';
import { formatDateTime } from '../../../lib/format-date.ts';

/** The help requests the visitor sent from this conversation, linking to their detail. */
export function SessionHelpRequests({ helpRequests }: { helpRequests: readonly LinkedHelpRequest[] }) {
  if (helpRequests.length === 0) return null;
  return (
    <Alert variant="info" className="session-help-requests">
      <h2 className="h4 mb-1">The visitor asked for help</h2>
      <ul className="mb-0">
        {helpRequests.map((helpRequest) => (
          <li key={helpRequest.id}>
            <Link to={`/help-requests/${helpRequest.id}`} className="alert-link">Help request {helpRequest.id}</Link>, {formatDateTime(helpRequest.time)} (
            {helpRequest.status === 'pending' ? 'Pending' : 'Resolved'})
          </li>
        ))}
      </ul>
    </Alert>
  );
}
