import Badge from 'react-bootstrap/Badge';
import type { HelpRequestStatus } from '@steward/contract/help-requests';

const LOOK: Record<HelpRequestStatus, { label: string; bg: string; text?: 'dark' }> = {
  pending: { label: 'Pending', bg: 'warning', text: 'dark' },
  resolved: { label: 'Resolved', bg: 'success' },
};

export function HelpRequestStatusBadge({ status }: { status: HelpRequestStatus }) {
  const look = LOOK[status];
  return (
    <Badge bg={look.bg} text={look.text} pill>
      {look.label}
    </Badge>
  );
}
