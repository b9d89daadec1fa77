import Badge from 'react-bootstrap/Badge';
import { DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@steward/contract/documents';

const PILL: Record<DocumentStatus, { bg: string; text?: 'dark' }> = {
  in_progress: { bg: 'warning', text: 'dark' },
  completed: { bg: 'success' },
  error: { bg: 'danger' },
};

/** A document's state in the vector database. */
export function DocumentStatusPill({ status }: { status: DocumentStatus }) {
  const { bg, text } = PILL[status];
  return (
    <Badge pill bg={bg} text={text}>
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
