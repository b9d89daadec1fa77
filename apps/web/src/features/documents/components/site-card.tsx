import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { canAddSites, canDeleteSite, type StaffMember } from '@steward/contract/permissions';
import { isSiteCrawling, SITE_MESSAGES, type SiteRow } from '@steward/contract/sites';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { IconListDetails, IconTrash, IconX } from '../../../components/icons.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { useCancelSite } from '../api/cancel-site.ts';
import { useDeleteSite } from '../api/delete-site.ts';
import { SitePages } from './site-pages.tsx';
import { SiteStatusPill } from './site-status-pill.tsx';
import { SiteSync } from './site-sync.tsx';

const limitsOf = (site: SiteRow): string =>
  [
    `at most ${site.max_pages} pages`,
    `link depth ${site.max_depth}`,
    site.include_prefixes.length > 0 ? `only ${site.include_prefixes.join(', ')}` : undefined,
    site.exclude_prefixes.length > 0 ? `never ${site.exclude_prefixes.join(', ')}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

/** One website: its state and counts (a bar while it is read), its pages inside, Cancel while it is read, Delete after. */
export function SiteCard({ site, viewer }: { site: SiteRow; viewer: StaffMember }) {
  const [showPages, setShowPages] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const cancel = useCancelSite();
  const remove = useDeleteSite();
  const crawling = isSiteCrawling(site.status);
  const headingId = `site-${site.id}`;
  const pagesId = `site-${site.id}-pages`;
  const read = site.pages_found === 0 ? 0 : Math.round((site.pages_read / site.pages_found) * 100);
  const progressText = site.pages_found === 0 ? 'Looking for pages…' : `${site.pages_read} of ${site.pages_found} pages read`;
  return (
    <Card as="article" className="mb-3" aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <h3 id={headingId} className="card-title mb-0 breakable">
            {new URL(site.start_url).host}
          </h3>
          <SiteStatusPill status={site.status} />
        </div>
        <dl className="document-facts small mb-2">
          <dt>{site.start_kind === 'sitemap' ? 'Sitemap' : 'Start URL'}</dt>
          <dd className="breakable">
            <ExternalLink href={site.start_url} />
          </dd>
          <dt>Added</dt>
          <dd>
            <time dateTime={site.added_at}>{formatLongDate(site.added_at)}</time> by {site.added_by}
          </dd>
          <dt>Limits</dt>
          <dd>{limitsOf(site)}</dd>
        </dl>
        {crawling ? (
          <div className="mb-2">
            <div id={`${headingId}-progress`} className="small mb-1">
              {progressText}
            </div>
            <ProgressBar>
              <ProgressBar now={read} animated aria-labelledby={`${headingId}-progress`} aria-valuetext={`${progressText} (${read}%)`} />
            </ProgressBar>
          </div>
        ) : null}
        <p className="small mb-2" role={crawling ? 'status' : undefined}>
          <span className="me-3">Found {site.pages_found}</span>
          <span className="me-3">Read {site.pages_read}</span>
          <span className="me-3">Indexed {site.pages_indexed}</span>
          <span className={site.pages_failed > 0 ? 'text-danger-emphasis' : undefined}>Failed {site.pages_failed}</span>
        </p>
        {site.message ? <p className={`small mb-2 breakable ${site.status === 'error' ? 'text-danger-emphasis' : 'text-body-secondary'}`}>{site.message}</p> : null}
        <SiteSync site={site} viewer={viewer} />
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-primary" aria-expanded={showPages} aria-controls={showPages ? pagesId : undefined} onClick={() => setShowPages(!showPages)}>
            <IconListDetails className="me-1" size={16} />
            {showPages ? 'Hide pages' : 'Show pages'}
          </Button>
          {crawling && canAddSites(viewer) ? (
            <Button size="sm" variant="outline-secondary" disabled={cancel.isPending} aria-label={`Cancel reading ${site.start_url}`} onClick={() => cancel.mutate(site.id)}>
              <IconX className="me-1" size={16} />
              {cancel.isPending ? 'Cancelling...' : 'Cancel'}
            </Button>
          ) : null}
          {canDeleteSite(viewer, site) ? (
            <Button size="sm" variant="outline-danger" aria-label={`Delete ${site.start_url}`} onClick={() => setDeleting(true)}>
              <IconTrash className="me-1" size={16} />
              Delete
            </Button>
          ) : null}
        </div>
        <FormAlert error={cancel.error ? errorMessage(cancel.error) : undefined} below />
        {showPages ? (
          <div className="mt-3 border-top pt-2">
            <SitePages siteId={site.id} crawling={crawling} id={pagesId} />
          </div>
        ) : null}
      </Card.Body>
      <ConfirmModal
        show={deleting}
        type="delete"
        message={SITE_MESSAGES.deleteQuestion}
        successMessage={SITE_MESSAGES.deleted}
        onConfirm={() => remove.mutateAsync(site.id)}
        onClose={() => {
          setDeleting(false);
          remove.reloadList();
        }}
      />
    </Card>
  );
}
