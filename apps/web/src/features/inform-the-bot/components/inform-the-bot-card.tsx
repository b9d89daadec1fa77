import { IconCheck, IconClock, IconPencil, IconTrash } from '../../../components/icons.tsx';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { INFORM_THE_BOT_MESSAGES, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import {
  canApproveInformation,
  canDeleteInformation,
  canEditInformation,
  canReviewInformation,
  type StaffMember,
} from '@steward/contract/permissions';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { useApproveInformTheBotItem } from '../api/approve-inform-the-bot-item.ts';
import { useDeleteInformTheBotItem } from '../api/delete-inform-the-bot-item.ts';
import { CorrectionReplay } from './correction-replay.tsx';
import { EditInformationModal } from './edit-information-modal.tsx';

const TYPE_LABEL: Record<InformTheBotRow['type'], string> = {
  information: 'Information',
  file: 'From a file',
  correction: 'Correction',
};

/** One item: date, author and content, with Approve, edit and (for admins) delete. */
export function InformTheBotCard({ row, viewer }: { row: InformTheBotRow; viewer: StaffMember }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const approve = useApproveInformTheBotItem(row.id);
  const remove = useDeleteInformTheBotItem();
  const headingId = `inform-the-bot-${row.id}`;

  return (
    <Card as="article" className="mb-3" aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <div>
            <h2 id={headingId} className="card-title mb-0">
              {row.name}
            </h2>
            <small className="text-body-secondary">
              <time dateTime={row.time}>{formatLongDate(row.time)}</time> · {TYPE_LABEL[row.type]}
            </small>
          </div>
          <Badge bg={row.status === 'approved' ? 'success-subtle' : 'warning-subtle'} text={row.status === 'approved' ? 'success-emphasis' : 'warning-emphasis'}>
            {row.status === 'approved' ? 'Approved' : 'Pending'}
          </Badge>
        </div>
        {row.type === 'correction' && row.question ? (
          <p className="mb-1">
            <strong>Question:</strong> {row.question}
          </p>
        ) : null}
        <p className="mb-3 inform-the-bot-content">{row.content}</p>
        {row.status === 'pending' ? (
          <p className="small text-body-secondary mb-2 approval-note">
            <IconClock className="me-1" size={14} />
            {INFORM_THE_BOT_MESSAGES.waitingForAnother}
            {row.last_author_id === viewer.id ? ': you wrote this text, so someone else approves it.' : ': anyone who may add information, except the author of this text, may approve it.'}
          </p>
        ) : null}
        {row.type === 'correction' && row.question && canApproveInformation(viewer, row) ? <CorrectionReplay id={row.id} /> : null}
        {approve.error ? (
          <p className="text-danger" role="alert">
            {approve.error.message}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          {row.status === 'pending' && canReviewInformation(viewer) ? (
            canApproveInformation(viewer, row) ? (
              <Button size="sm" variant="success" disabled={approve.isPending} onClick={() => approve.mutate(row.content)}>
                <IconCheck className="me-1" size={16} />
                {approve.isPending ? 'Approving...' : 'Approve'}
              </Button>
            ) : (
              <Button size="sm" variant="outline-secondary" disabled>
                <IconClock className="me-1" size={16} />
                Pending approval
              </Button>
            )
          ) : null}
          {canEditInformation(viewer) ? (
            <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)} aria-label={`Edit information by ${row.name}`}>
              <IconPencil className="me-1" size={16} />
              Edit
            </Button>
          ) : null}
          {canDeleteInformation(viewer) ? (
            <Button size="sm" variant="outline-danger" onClick={() => setDeleting(true)} aria-label={`Delete information by ${row.name}`}>
              <IconTrash className="me-1" size={16} />
              Delete
            </Button>
          ) : null}
        </div>
      </Card.Body>
      {editing ? <EditInformationModal row={row} onClose={() => setEditing(false)} /> : null}
      <ConfirmModal
        show={deleting}
        type="delete"
        message={INFORM_THE_BOT_MESSAGES.deleteQuestion}
        successMessage={INFORM_THE_BOT_MESSAGES.deleted}
        onConfirm={() => remove.mutateAsync(row.id)}
        onClose={() => {
          setDeleting(false);
          remove.reloadList();
        }}
      />
    </Card>
  );
}
