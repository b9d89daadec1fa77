import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { CHUNK_MESSAGES, CHUNK_PAGE_SIZE, MAX_CHUNK_SEARCH_LENGTH } from '@steward/contract/document-chunks';
import { canExcludeChunks, type StaffMember } from '@steward/contract/permissions';
import { BackButton } from '../../../components/back-button.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useDocumentChunks, useDocumentChunksSummary } from '../api/get-document-chunks.ts';
import { useSetChunkExcluded } from '../api/set-chunk-excluded.ts';
import { DocumentChunkItem } from './document-chunk-item.tsx';
import { DocumentSourcePanel } from './document-source-panel.tsx';
import { TryAQuestion } from './try-a-question.tsx';

export interface DocumentChunksScreenProps {
  documentId: number;
  pageIndex: number;
  /** The search in the address (`?search=`), so a page of results can be linked and reloaded. */
  search: string;
  viewer: StaffMember;
}

/**
 * A document's (or a website page's) passages as the bot reads them (issue 55): searched on the server, 20 a page,
 * "Try a question" over them alone, and for whoever may edit documents, excluding one from every answer.
 */
export function DocumentChunksScreen({ documentId, pageIndex, search, viewer }: DocumentChunksScreenProps) {
  const summary = useDocumentChunksSummary(documentId);
  const document = summary.data;
  return (
    <section aria-labelledby="document-chunks-title">
      <BackButton fallback="/documents" label="Documents" />
      <PageHeader
        id="document-chunks-title"
        pretitle="Documents"
        title={document ? <span className="breakable">{document.title}</span> : 'Passages'}
        description="The passages the bot reads from this document, in its order."
      />
      {summary.isPending ? <LoadingPlaceholder /> : null}
      {summary.error ? (
        <Alert variant="danger" role="alert">
          {summary.error.message}
        </Alert>
      ) : null}
      {document ? (
        <>
          <Card body className="mb-3">
            <dl className="row small mb-0">
              <dt className="col-sm-3">{document.site_id === null ? 'Source URL' : 'Page address'}</dt>
              <dd className="col-sm-9 breakable">
                <ExternalLink href={document.source_url} />
              </dd>
              {document.site_id === null ? (
                <>
                  <dt className="col-sm-3">Filename</dt>
                  <dd className="col-sm-9 breakable">{document.filename}</dd>
                </>
              ) : null}
              <dt className="col-sm-3">Passages</dt>
              <dd className="col-sm-9 mb-0" data-testid="chunk-counts">
                {document.chunks} in all{document.excluded_chunks > 0 ? `, ${document.excluded_chunks} excluded from answers` : ''}
              </dd>
            </dl>
          </Card>
          {document.site_id === null ? <DocumentSourcePanel documentId={documentId} viewer={viewer} /> : null}
          <TryAQuestion documentId={documentId} />
          <ChunkList key={search} documentId={documentId} pageIndex={pageIndex} search={search} url={document.site_id === null ? null : document.source_url} mayExclude={canExcludeChunks(viewer)} />
        </>
      ) : null}
    </section>
  );
}

function ChunkList({ documentId, pageIndex, search, url, mayExclude }: { documentId: number; pageIndex: number; search: string; url: string | null; mayExclude: boolean }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState(search);
  const chunks = useDocumentChunks(documentId, pageIndex, search);
  const toggle = useSetChunkExcluded(documentId);
  const rows = chunks.data ?? [];
  const totalCount = rows[0]?.total_count ?? 0;
  const basePath = `/documents/${documentId}/chunks`;
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    void navigate(`${basePath}${text ? `?search=${encodeURIComponent(text)}` : ''}`);
  };
  return (
    <Card as="section" className="mb-3" aria-labelledby="document-chunks-list-title">
      <Card.Body>
        <h2 id="document-chunks-list-title" className="h3 card-title">
          Passages
        </h2>
        <Form role="search" onSubmit={onSearch} className="d-flex flex-column flex-sm-row gap-2 mb-3">
          <Form.Label htmlFor="document-chunks-search" visuallyHidden>
            Search the passages
          </Form.Label>
          <Form.Control
            id="document-chunks-search"
            type="search"
            value={typed}
            maxLength={MAX_CHUNK_SEARCH_LENGTH}
            placeholder="Search the passages"
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="outline-primary">
            Search
          </Button>
        </Form>
        {chunks.error ? (
          <Alert variant="danger" role="alert">
            {chunks.error.message}
          </Alert>
        ) : null}
        {toggle.error ? (
          <Alert variant="danger" role="alert">
            {toggle.error.message}
          </Alert>
        ) : null}
        <ListStatus loading={chunks.isPending} empty={!chunks.isPending && !chunks.error && rows.length === 0} emptyText={search ? CHUNK_MESSAGES.noMatches : CHUNK_MESSAGES.empty} emptyAnnounce />
        {rows.length > 0 ? (
          <>
            <p className="small text-body-secondary" role="status">
              {search ? `${totalCount} ${totalCount === 1 ? 'passage matches' : 'passages match'}` : `${totalCount} ${totalCount === 1 ? 'passage' : 'passages'}`}
            </p>
            <ol className="list-unstyled mb-3" aria-label="Passages of this document">
              {rows.map((chunk) => (
                <DocumentChunkItem
                  key={chunk.id}
                  chunk={chunk}
                  url={url}
                  busy={toggle.isPending}
                  onToggle={mayExclude ? () => toggle.mutate({ documentId, chunkId: chunk.id, excluded: !chunk.excluded }) : undefined}
                />
              ))}
            </ol>
            {totalCount > CHUNK_PAGE_SIZE ? <PaginationBar basePath={basePath} currentPage={pageIndex + 1} totalCount={totalCount} pageSize={CHUNK_PAGE_SIZE} query={query} /> : null}
          </>
        ) : null}
      </Card.Body>
    </Card>
  );
}
