import Badge from 'react-bootstrap/Badge';
import { SITE_STATUS_LABELS, type SiteStatus } from '@steward/contract/sites';
import { IconAlertCircle, IconCircleCheck, IconClock, IconLoader2, IconX, type AppIcon } from '../../../components/icons.tsx';

const PILL: Record<SiteStatus, { bg: string; text: string; icon: AppIcon }> = {
  queued: { bg: 'secondary-subtle', text: 'secondary-emphasis', icon: IconClock },
  crawling: { bg: 'warning-subtle', text: 'warning-emphasis', icon: IconLoader2 },
  completed: { bg: 'success-subtle', text: 'success-emphasis', icon: IconCircleCheck },
  cancelled: { bg: 'secondary-subtle', text: 'secondary-emphasis', icon: IconX },
  error: { bg: 'danger-subtle', text: 'danger-emphasis', icon: IconAlertCircle },
};

/** A website's crawl state. */
export function SiteStatusPill({ status }: { status: SiteStatus }) {
  const { bg, text, icon: Icon } = PILL[status];
  return (
    <Badge pill bg={bg} text={text} className="d-inline-flex align-items-center gap-1">
      <Icon size={12} />
      {SITE_STATUS_LABELS[status]}
    </Badge>
  );
}
