import { IconCircleCheck, IconClock, type AppIcon } from '../../../components/icons.tsx';
import Badge from 'react-bootstrap/Badge';
import type { HelpRequestStatus } from '@steward/contract/help-requests';

const LOOK: Record<HelpRequestStatus, { label: string; bg: string; text: string; icon: AppIcon }> = {
  pending: { label: 'Pending', bg: 'warning-subtle', text: 'warning-emphasis', icon: IconClock },
  resolved: { label: 'Resolved', bg: 'success-subtle', text: 'success-emphasis', icon: IconCircleCheck },
};

export function HelpRequestStatusBadge({ status }: { status: HelpRequestStatus }) {
  const { label, bg, text, icon: Icon } = LOOK[status];
  return (
    <Badge bg={bg} text={text} pill className="d-inline-flex align-items-center gap-1">
      <Icon size={12} />
      {label}
    </Badge>
  );
}
