import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { canAddSites, type StaffMember } from '@steward/contract/permissions';
import {
  isSiteCrawling,
  SITE_MESSAGES,
  SITE_SYNC_STATUS_LABELS,
  type SiteRow,
  type SiteSyncRow,
  SYNC_SCHEDULE_LABELS,
  SYNC_SCHEDULES,
} from '@steward/contract/sites';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { IconClock, IconHistory } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSetSiteSchedule, useSiteSyncs, useSyncSiteNow } from '../api/site-sync.ts';

/** Who or what started a sync, in the history's words. */
export const syncStarter = (sync: Pick<SiteSyncRow, 'trigger' | 'requested_by'>): string =>
  sync.trigger === 'schedule' ? 'By the schedule' : sync.trigger === 'added' ? `First read${sync.requested_by ? `, added by ${sync.requested_by}` : ''}` : `Sync now by ${sync.requested_by ?? 'a staff member'}`;

/** A duration in seconds (or minutes past a minute). */
export const syncDuration = (milliseconds: number): string => {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/** What a sync found, counted: checked, unchanged, changed, added, removed, failed. */
export const syncCounts = (sync: SiteSyncRow): string =>
  `checked ${sync.checked} · unchanged ${sync.unchanged} · changed ${sync.changed} · added ${sync.added} · removed ${sync.removed} · failed ${sync.failed}`;

function SyncHistory({ site, id }: { site: SiteRow; id: string }) {
  const { data: rows, isPending } = useSiteSyncs(site.id, isSiteCrawling(site.status), `${site.last_sync?.id ?? 0}:${site.last_sync?.status ?? ''}`);
  if (isPending) return <p id={id} className="small text-body-secondary mb-0">Loading syncs…</p>;
  if (!rows || rows.length === 0) return <p id={id} className="small text-body-secondary mb-0">No sync yet.</p>;
  return (
    <ol id={id} className="list-unstyled small mb-0" aria-label={`Syncs of ${site.start_url}`}>
      {rows.map((sync) => (
        <li key={sync.id} className="py-1 border-bottom">
          <div className="d-flex flex-wrap gap-2">
            <time dateTime={sync.queued_at}>{formatDateTime(sync.started_at ?? sync.queued_at)}</time>
            <span>{syncStarter(sync)}</span>
            <span className={sync.status === 'failed' ? 'text-danger-emphasis fw-medium' : 'fw-medium'}>{SITE_SYNC_STATUS_LABELS[sync.status]}</span>
            {sync.duration_ms === null ? null : <span className="text-body-secondary">{syncDuration(sync.duration_ms)}</span>}
          </div>
          {sync.finished_at ? <div className="text-body-secondary">{syncCounts(sync)}</div> : null}
          {sync.message ? <div className={`breakable ${sync.status === 'failed' ? 'text-danger-emphasis' : 'text-body-secondary'}`}>{sync.message}</div> : null}
        </li>
      ))}
    </ol>
  );
}

/** A website's sync: its schedule (staff who add sites set it), Sync now, the overdue warning and the history of syncs. */
export function SiteSync({ site, viewer }: { site: SiteRow; viewer: StaffMember }) {
  const [showHistory, setShowHistory] = useState(false);
  const syncNow = useSyncSiteNow();
  const schedule = useSetSiteSchedule();
  const crawling = isSiteCrawling(site.status);
  const historyId = `site-${site.id}-syncs`;
  const mayChange = canAddSites(viewer);
  return (
    <div className="mb-2">
      {site.sync_overdue ? (
        <p className="small mb-2 text-danger-emphasis">
          Sync overdue: no sync has finished within twice its {SYNC_SCHEDULE_LABELS[site.sync_schedule].toLowerCase()} interval.
        </p>
      ) : null}
      <div className="d-flex flex-wrap align-items-center gap-2">
        {mayChange ? (
          <Form.Group controlId={`site-${site.id}-schedule`} className="d-flex align-items-center gap-2">
            <Form.Label className="small mb-0">Sync schedule</Form.Label>
            <Form.Select
              size="sm"
              className="w-auto"
              value={site.sync_schedule}
              disabled={schedule.isPending}
              onChange={(event) => {
                const chosen = SYNC_SCHEDULES.find((value) => value === event.target.value);
                if (chosen) schedule.mutate({ id: site.id, schedule: chosen });
              }}
            >
              {SYNC_SCHEDULES.map((value) => (
                <option key={value} value={value}>
                  {SYNC_SCHEDULE_LABELS[value]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : (
          <span className="small">Sync schedule: {SYNC_SCHEDULE_LABELS[site.sync_schedule]}</span>
        )}
        {mayChange && !crawling ? (
          <Button size="sm" variant="outline-primary" disabled={syncNow.isPending} aria-label={`Sync ${site.start_url} now`} onClick={() => syncNow.mutate(site.id)}>
            <IconClock className="me-1" size={16} />
            {syncNow.isPending ? 'Syncing...' : 'Sync now'}
          </Button>
        ) : null}
        <Button size="sm" variant="outline-primary" aria-expanded={showHistory} aria-controls={showHistory ? historyId : undefined} onClick={() => setShowHistory(!showHistory)}>
          <IconHistory className="me-1" size={16} />
          {showHistory ? 'Hide sync history' : 'Show sync history'}
        </Button>
      </div>
      {syncNow.isSuccess && crawling ? <p className="small text-body-secondary mb-0 mt-1" role="status">{SITE_MESSAGES.syncQueued}</p> : null}
      <FormAlert error={syncNow.error ? errorMessage(syncNow.error) : schedule.error ? errorMessage(schedule.error) : undefined} below />
      {showHistory ? (
        <div className="mt-2">
          <SyncHistory site={site} id={historyId} />
        </div>
      ) : null}
    </div>
  );
}
