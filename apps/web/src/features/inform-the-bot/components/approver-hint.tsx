import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { canAddUser, canReviewInformation, type StaffMember } from '@steward/contract/permissions';
import { useApprovalQueue } from '../api/get-approval-queue.ts';

/**
 * With one approver on the install, nothing they add can ever be approved (four eyes): say so, and how to
 * invite a second (the Add user link for those who may add users).
 */
export function ApproverHint({ viewer }: { viewer: StaffMember }) {
  const approvers = useApprovalQueue(true).data?.approvers;
  if (approvers === undefined || approvers > 1 || !canReviewInformation(viewer)) return null;
  return (
    <Alert variant="warning" className="approver-hint">
      {INFORM_THE_BOT_MESSAGES.onlyApprover}{' '}
      {canAddUser(viewer) ? <Link to="/user-accounts/add">Add user</Link> : 'Ask an administrator to add one.'}
    </Alert>
  );
}
