import { IconAlertCircle, IconCircleCheck, IconLoader2, type AppIcon } from '../../../components/icons.tsx';
import Badge from 'react-bootstrap/Badge';
import { DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@steward/contract/documents';

const PILL: Record<DocumentStatus, { bg: string; text: string; icon: AppIcon }> = {
  in_progress: { bg: 'warning-subtle', text: 'warning-emphasis', icon: IconLoader2 },
  completed: { bg: 'success-subtle', text: 'success-emphasis', icon: IconCircleCheck },
  error: { bg: 'danger-subtle', text: 'danger-emphasis', icon: IconAlertCircle },
};

/** A document's state in the vector database. */
export function DocumentStatusPill({ status }: { status: DocumentStatus }) {
  const { bg, text, icon: Icon } = PILL[status];
  return (
    <Badge pill bg={bg} text={text} className="d-inline-flex align-items-center gap-1">
      <Icon size={12} />
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
