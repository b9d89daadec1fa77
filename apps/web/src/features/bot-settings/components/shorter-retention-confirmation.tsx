import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { RETENTION_PREVIEW_TEXTS, retentionShortened, type RetentionKind, type RetentionRow, type RetentionSettings } from '@steward/contract/privacy';
import { errorMessage } from '../../../components/form/error-message.ts';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { useDataRetentionPreview } from '../api/preview-data-retention.ts';

interface RetentionConfirmModalProps {
  /** The retention about to be saved; null: closed. */
  retention: RetentionSettings | null;
  /** The kinds it shortens (retentionShortened): only their counts are shown. */
  shortened: readonly RetentionKind[];
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Before a shorter retention is saved (issue 58): how many chat history questions, ratings, help requests (and audit
 * entries) the hourly clean-up then deletes within the hour, from the server's count, and a confirmation.
 */
function RetentionConfirmModal({ retention, shortened, onConfirm, onCancel }: RetentionConfirmModalProps) {
  const preview = useDataRetentionPreview(retention);
  const rows = (preview.data ?? []).filter((row) => shortened.includes(row.kind));
  const deletesNothing = rows.every((row) => row.rows === 0);
  return (
    <Modal show={retention !== null} onHide={onCancel} backdrop="static" centered aria-labelledby="retention-confirm-title">
      <Modal.Header>
        <Modal.Title id="retention-confirm-title" as="h2" className="h3">
          {RETENTION_PREVIEW_TEXTS.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {preview.isPending ? <LoadingPlaceholder /> : null}
        {preview.error ? (
          <p className="text-danger mb-0" role="alert">
            {errorMessage(preview.error)}
          </p>
        ) : null}
        {preview.data ? (
          <div role="status">
            <p>{RETENTION_PREVIEW_TEXTS.intro}</p>
            <ul data-testid="retention-preview">
              {rows.map((row) => (
                <li key={row.kind}>{RETENTION_PREVIEW_TEXTS.line(row)}</li>
              ))}
            </ul>
            <p className="mb-0 text-body-secondary">{deletesNothing ? RETENTION_PREVIEW_TEXTS.nothingYet : RETENTION_PREVIEW_TEXTS.after}</p>
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={deletesNothing ? 'primary' : 'danger'} onClick={onConfirm} disabled={!preview.data}>
          {deletesNothing ? RETENTION_PREVIEW_TEXTS.confirmNothing : RETENTION_PREVIEW_TEXTS.confirm}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Data retention's save, with the confirmation in between when it shortens a kind's retention: `submit` saves a
 * longer or equal retention at once, and opens `modal` for a shorter one, which saves once confirmed.
 */
export function useShorterRetentionConfirmation(inForce: readonly RetentionRow[], save: (retention: RetentionSettings) => Promise<void>): {
  submit: (retention: RetentionSettings) => Promise<void>;
  modal: ReactNode;
} {
  const [proposed, setProposed] = useState<RetentionSettings | null>(null);
  const current = Object.fromEntries(inForce.map((row) => [row.kind, row.days])) as RetentionSettings;
  const shortened = proposed ? retentionShortened(current, proposed) : [];
  const submit = async (retention: RetentionSettings) => {
    if (retentionShortened(current, retention).length > 0) setProposed(retention);
    else await save(retention);
  };
  const confirm = () => {
    setProposed(null);
    if (proposed) void save(proposed);
  };
  return { submit, modal: <RetentionConfirmModal retention={proposed} shortened={shortened} onConfirm={confirm} onCancel={() => setProposed(null)} /> };
}
