import { useNavigate } from 'react-router';
import { canUploadDocuments, type StaffMember } from '@steward/contract/permissions';
import { DocumentList } from './document-list.tsx';
import { KnowledgeIndexUpdate } from './knowledge-index-update.tsx';
import { TryAQuestion } from './try-a-question.tsx';
import { UploadDocumentsForm } from './upload-documents-form.tsx';

/** The Documents screen: the re-indexing after an upgrade while it runs, upload (with upload_document), "Try a question", and the list. */
export function DocumentsScreen({ pageIndex, viewer }: { pageIndex: number; viewer: StaffMember }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title" className="h3 mb-3">
        Documents
      </h1>
      <KnowledgeIndexUpdate />
      {canUploadDocuments(viewer) ? <UploadDocumentsForm onUploaded={() => pageIndex !== 0 && void navigate('/documents')} /> : null}
      <TryAQuestion />
      <DocumentList pageIndex={pageIndex} viewer={viewer} />
    </section>
  );
}
