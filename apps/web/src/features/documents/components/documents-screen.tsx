import { useNavigate } from 'react-router';
import { canUploadDocuments, type StaffMember } from '@steward/contract/permissions';
import { DocumentList } from './document-list.tsx';
import { KnowledgeIndexUpdate } from './knowledge-index-update.tsx';
import { TryAQuestion } from './try-a-question.tsx';
import { UploadDocumentsForm } from './upload-documents-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** The Documents screen: the re-indexing after an upgrade while it runs, upload (with upload_document), "Try a question", and the list. */
export function DocumentsScreen({ pageIndex, viewer }: { pageIndex: number; viewer: StaffMember }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="documents-title">
      <PageHeader id="documents-title" pretitle="Knowledge" title="Documents" description="The texts the bot answers from: upload a file or give a PDF's address, then ask a question to see what the bot would find." />
      <KnowledgeIndexUpdate />
      {canUploadDocuments(viewer) ? <UploadDocumentsForm onUploaded={() => pageIndex !== 0 && void navigate('/documents')} /> : null}
      <TryAQuestion />
      <DocumentList pageIndex={pageIndex} viewer={viewer} />
    </section>
  );
}
