import { Link } from 'react-router';
import { INFORM_THE_BOT_STATUS_PARAM } from '@steward/contract/inform-the-bot';
import { canReadInformTheBot, canReviewInformation, type StaffMember } from '@steward/contract/permissions';
import { IconBook } from '../../../components/icons.tsx';
import { useApprovalQueue } from '../api/get-approval-queue.ts';

/** The top bar's count of Inform-the-Bot items waiting for the viewer's approval, linking to the Pending tab. */
export function ApprovalQueueBadge({ viewer }: { viewer: StaffMember }) {
  const allowed = canReadInformTheBot(viewer) && canReviewInformation(viewer);
  const count = useApprovalQueue(allowed).data?.awaiting_you ?? 0;
  if (!allowed || count === 0) return null;
  // The accessible name begins with the visible text (WCAG 2.5.3, label in name), then says what it counts.
  const label = `To approve ${count}: ${count === 1 ? 'one item waits' : `${count} items wait`} for your approval`;
  return (
    <Link to={`/inform-the-bot?${INFORM_THE_BOT_STATUS_PARAM}=pending`} className="btn btn-outline-primary btn-sm flex-shrink-0 approval-queue-badge" aria-label={label} title={label}>
      <IconBook size={16} className="me-1" />
      To approve <span className="badge bg-danger text-white ms-1">{count}</span>
    </Link>
  );
}
