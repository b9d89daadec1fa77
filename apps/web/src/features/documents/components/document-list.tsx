import { PAGE_SIZE } from '@steward/contract/paging';
import type { StaffMember } from '@steward/contract/permissions';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useDocumentsPage } from '../api/get-documents-page.ts';
import { DocumentCard } from './document-card.tsx';
import { IconFileText } from '../../../components/icons.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

/** 20 documents a page, newest first; the page asks again every 2 s while one is in progress. Load failures show nothing. */
export function DocumentList({ pageIndex, viewer }: { pageIndex: number; viewer: StaffMember }) {
  const { data: rows, isPending } = useDocumentsPage(pageIndex);
  return (
    <section aria-labelledby="document-list-title">
      <h2 id="document-list-title" className="h3 mb-3">
        Uploaded documents
      </h2>
      {rows?.map((row) => <DocumentCard key={row.id} document={row} viewer={viewer} />)}
      <ListStatus
        loading={isPending}
        empty={rows?.length === 0}
        emptyIcon={IconFileText}
        boxed
        emptyText="No documents yet."
        emptyHint="The bot answers from the documents listed here. Upload a manual, an FAQ or a price list (.txt, .csv or .pdf) above, or give a PDF's address."
      />
      {rows && rows.length > 0 ? <PaginationBar basePath="/documents" currentPage={pageIndex + 1} totalCount={rows[0]?.total_count ?? 0} pageSize={PAGE_SIZE.documents} /> : null}
    </section>
  );
}
