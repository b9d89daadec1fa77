import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { canAddSites, type StaffMember } from '@steward/contract/permissions';
import { isSiteCrawling, SITE_MESSAGES, type SiteRow } from '@steward/contract/sites';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { IconClock } from '../../../components/icons.tsx';
import { useSetSiteSchedule, useSiteSyncs, useSyncSiteNow } from '../api/site-sync.ts';
import { SyncHistoryList, SyncHistoryToggle, SyncOverdue, SyncScheduleField } from './source-sync-parts.tsx';

function SyncHistory({ site, id }: { site: SiteRow; id: string }) {
  const { data: rows, isPending } = useSiteSyncs(site.id, isSiteCrawling(site.status), `${site.last_sync?.id ?? 0}:${site.last_sync?.status ?? ''}`);
  return <SyncHistoryList rows={rows} isPending={isPending} id={id} label={`Syncs of ${site.start_url}`} />;
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
      <SyncOverdue overdue={site.sync_overdue} schedule={site.sync_schedule} />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <SyncScheduleField
          id={`site-${site.id}-schedule`}
          value={site.sync_schedule}
          mayChange={mayChange}
          disabled={schedule.isPending}
          onChange={(chosen) => schedule.mutate({ id: site.id, schedule: chosen })}
        />
        {mayChange && !crawling ? (
          <Button size="sm" variant="outline-primary" disabled={syncNow.isPending} aria-label={`Sync ${site.start_url} now`} onClick={() => syncNow.mutate(site.id)}>
            <IconClock className="me-1" size={16} />
            {syncNow.isPending ? 'Syncing...' : 'Sync now'}
          </Button>
        ) : null}
        <SyncHistoryToggle shown={showHistory} historyId={historyId} onToggle={() => setShowHistory(!showHistory)} />
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
