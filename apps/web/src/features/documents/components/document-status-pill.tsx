import Badge from 'react-bootstrap/Badge';
import type { DocumentStatus } from '@steward/contract/documents';

const PILL: Record<DocumentStatus, { label: string; bg: string; text?: 'dark' }> = {
  in_progress: { label: 'In progress', bg: 'warning', text: 'dark' },
  completed: { label: 'Completed', bg: 'success' },
  error: { label: 'Error', bg: 'danger' },
};

/** A document's state in the vector database. */
export function DocumentStatusPill({ status }: { status: DocumentStatus }) {
  const { label, bg, text } = PILL[status];
  return (
    <Badge pill bg={bg} text={text}>
      {label}
    </Badge>
  );
}
