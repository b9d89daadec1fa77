import { useNavigate } from 'react-router';
import { canAddSites, canUploadDocuments, type StaffMember } from '@steward/contract/permissions';
import { AddSiteForm } from './add-site-form.tsx';
import { SiteList } from './site-list.tsx';
import { DocumentList } from './document-list.tsx';
import { KnowledgeIndexUpdate } from './knowledge-index-update.tsx';
import { EmbedderReindexBanner } from './embedder-reindex-banner.tsx';
import { TryAQuestion } from './try-a-question.tsx';
import { UploadDocumentsForm } from './upload-documents-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** The Documents screen: the re-indexing after an upgrade or a change of embedder while it runs, upload and Add a website (with upload_document), "Try a question", the list, then the websites. */
export function DocumentsScreen({ pageIndex, viewer }: { pageIndex: number; viewer: StaffMember }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="documents-title">
      <PageHeader id="documents-title" pretitle="Knowledge" title="Documents" description="The texts the bot answers from: upload a file or give a PDF's address, then ask a question to see what the bot would find." />
      <KnowledgeIndexUpdate />
      <EmbedderReindexBanner />
      {canUploadDocuments(viewer) ? <UploadDocumentsForm onUploaded={() => pageIndex !== 0 && void navigate('/documents')} /> : null}
      {canAddSites(viewer) ? <AddSiteForm /> : null}
      <TryAQuestion />
      <DocumentList pageIndex={pageIndex} viewer={viewer} />
      {/* After the spec's list, so its cards and pagination stay where the spec puts them. */}
      <SiteList viewer={viewer} />
    </section>
  );
}
