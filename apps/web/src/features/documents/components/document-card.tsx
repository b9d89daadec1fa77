import { IconFileUpload, IconPencil, IconTrash } from '../../../components/icons.tsx';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { DOCUMENT_MESSAGES, type DocumentRow } from '@steward/contract/documents';
import { canDeleteDocument, canEditDocument, type StaffMember } from '@steward/contract/permissions';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { useDeleteDocument } from '../api/delete-document.ts';
import { DocumentFacts } from './document-facts.tsx';
import { DocumentStatusPill } from './document-status-pill.tsx';
import { EditDocumentModal } from './edit-document-modal.tsx';
import { ReplaceFileModal } from './replace-file-modal.tsx';

type OpenModal = 'edit' | 'replace' | 'delete' | undefined;

/**
 * One document: title, facts and status (with the reason of an error, or the file replacing it).
 * Its title opens its passages as the bot reads them (the chunk viewer: a link, so the card shows what the spec
 * says and nothing more); administrators may edit, replace and delete it, but not while it is in progress.
 */
export function DocumentCard({ document, viewer }: { document: DocumentRow; viewer: StaffMember }) {
  const [open, setOpen] = useState<OpenModal>();
  const [updated, setUpdated] = useState(false);
  const remove = useDeleteDocument();
  const mayEdit = canEditDocument(viewer, document);
  const mayDelete = canDeleteDocument(viewer, document);
  const headingId = `document-${document.id}`;
  const close = () => setOpen(undefined);

  return (
    <Card as="article" className="mb-3" aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <h3 id={headingId} className="card-title mb-0 breakable">
            <Link to={`/documents/${document.id}/chunks`} title="View chunks" className="link-body-emphasis link-underline-opacity-25 link-underline-opacity-100-hover">
              {document.title}
            </Link>
          </h3>
          <DocumentStatusPill status={document.status} />
        </div>
        <DocumentFacts document={document} />
        {document.status === 'error' && document.error ? <p className="small text-danger-emphasis mb-2 breakable">{document.error}</p> : null}
        {document.status === 'in_progress' && document.replacing_filename ? (
          <p className="small text-body-secondary mb-2 breakable">Replacing with {document.replacing_filename}</p>
        ) : null}
        {mayEdit || mayDelete ? (
          <div className="d-flex flex-wrap gap-2">
            {mayEdit ? (
              <>
                <Button size="sm" variant="outline-primary" aria-label={`Edit ${document.title}`} onClick={() => {
                    setUpdated(false);
                    setOpen('edit');
                  }}>
                  <IconPencil className="me-1" size={16} />
                  Edit
                </Button>
                <Button size="sm" variant="outline-secondary" aria-label={`Replace file of ${document.title}`} onClick={() => setOpen('replace')}>
                  <IconFileUpload className="me-1" size={16} />
                  Replace file
                </Button>
              </>
            ) : null}
            {mayDelete ? (
              <Button size="sm" variant="outline-danger" aria-label={`Delete ${document.title}`} onClick={() => setOpen('delete')}>
                <IconTrash className="me-1" size={16} />
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
        <FormAlert success={updated ? DOCUMENT_MESSAGES.updated : undefined} below />
      </Card.Body>
      {open === 'edit' ? (
        <EditDocumentModal
          document={document}
          onSaved={() => {
            setUpdated(true);
            close();
          }}
          onClose={close}
        />
      ) : null}
      {open === 'replace' ? <ReplaceFileModal document={document} onClose={close} /> : null}
      <ConfirmModal
        show={open === 'delete'}
        type="delete"
        message={DOCUMENT_MESSAGES.deleteQuestion}
        successMessage={DOCUMENT_MESSAGES.deleted}
        onConfirm={() => remove.mutateAsync(document.id)}
        onClose={() => {
          close();
          remove.reloadList();
        }}
      />
    </Card>
  );
}
