import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { SITE_PAGE_STATUS_LABELS, SITE_PAGES_PAGE_SIZE, type SitePageStatus } from '@steward/contract/sites';
import { ExternalLink } from '../../../components/external-link.tsx';
import { useSitePages } from '../api/get-site-pages.ts';

const PAGE_PILL: Record<SitePageStatus, string> = {
  found: 'secondary',
  indexed: 'success',
  failed: 'danger',
  skipped: 'secondary',
  retired: 'secondary',
};

/** A website's pages in the order they were found, 50 at a time: each with its state, its reason, its passages. */
export function SitePages({ siteId, crawling, id }: { siteId: number; crawling: boolean; id: string }) {
  const [pageIndex, setPageIndex] = useState(0);
  const { data: rows, isPending } = useSitePages(siteId, pageIndex, crawling);
  const total = rows?.[0]?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / SITE_PAGES_PAGE_SIZE));
  if (isPending) return <p id={id} className="small text-body-secondary mb-0">Loading pages…</p>;
  if (!rows || rows.length === 0) return <p id={id} className="small text-body-secondary mb-0">No page found yet.</p>;
  return (
    <div id={id}>
      <ul className="list-unstyled site-pages mb-2">
        {rows.map((row) => (
          <li key={row.id} className="site-page py-2">
            <div className="d-flex flex-wrap align-items-center gap-2">
              <span className={`badge rounded-pill bg-${PAGE_PILL[row.status]}-subtle text-${PAGE_PILL[row.status]}-emphasis`}>{SITE_PAGE_STATUS_LABELS[row.status]}</span>
              {row.title ? (
                <span className="breakable fw-medium">{row.title}</span>
              ) : (
                <span className="small breakable">
                  <ExternalLink href={row.url} />
                </span>
              )}
              {row.status === 'indexed' ? <span className="small text-body-secondary">{row.chunks === 1 ? '1 passage' : `${row.chunks} passages`}</span> : null}
              {row.document_id !== null ? (
                <Link className="small" to={`/documents/${row.document_id}/chunks`} aria-label={`View chunks of ${row.title ?? row.url}`}>
                  View chunks
                </Link>
              ) : null}
            </div>
            {row.title ? (
              <div className="small breakable">
                <ExternalLink href={row.url} />
              </div>
            ) : null}
            {row.message ? <div className={`small breakable ${row.status === 'failed' ? 'text-danger-emphasis' : 'text-body-secondary'}`}>{row.message}</div> : null}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="d-flex align-items-center gap-2">
          <Button size="sm" variant="outline-secondary" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
            Previous
          </Button>
          <span className="small text-body-secondary">
            Pages {pageIndex * SITE_PAGES_PAGE_SIZE + 1}–{Math.min(total, (pageIndex + 1) * SITE_PAGES_PAGE_SIZE)} of {total}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex(pageIndex + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}
