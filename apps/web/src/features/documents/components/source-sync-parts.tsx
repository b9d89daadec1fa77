import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SITE_SYNC_STATUS_LABELS, type SiteSyncRow, SYNC_SCHEDULE_LABELS, SYNC_SCHEDULES, type SyncSchedule } from '@steward/contract/sites';
import { IconHistory } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

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

/** "Sync overdue: …" when a schedule is set and no sync finished within twice its interval. */
export function SyncOverdue({ overdue, schedule }: { overdue: boolean; schedule: SyncSchedule }) {
  if (!overdue) return null;
  return <p className="small mb-2 text-danger-emphasis">Sync overdue: no sync has finished within twice its {SYNC_SCHEDULE_LABELS[schedule].toLowerCase()} interval.</p>;
}

/** A source's schedule: a select for staff who may change it, else its words. */
export function SyncScheduleField({ id, value, mayChange, disabled, onChange }: { id: string; value: SyncSchedule; mayChange: boolean; disabled: boolean; onChange: (schedule: SyncSchedule) => void }) {
  if (!mayChange) return <span className="small">Sync schedule: {SYNC_SCHEDULE_LABELS[value]}</span>;
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-2">
      <Form.Label className="small mb-0">Sync schedule</Form.Label>
      <Form.Select
        size="sm"
        className="w-auto"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const chosen = SYNC_SCHEDULES.find((schedule) => schedule === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {SYNC_SCHEDULES.map((schedule) => (
          <option key={schedule} value={schedule}>
            {SYNC_SCHEDULE_LABELS[schedule]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** A source's syncs, newest first: when, who or what started it, its state, how long, what it found, why it failed. */
export function SyncHistoryList({ rows, isPending, id, label }: { rows: SiteSyncRow[] | undefined; isPending: boolean; id: string; label: string }) {
  if (isPending) return <p id={id} className="small text-body-secondary mb-0">Loading syncs…</p>;
  if (!rows || rows.length === 0) return <p id={id} className="small text-body-secondary mb-0">No sync yet.</p>;
  return (
    <ol id={id} className="list-unstyled small mb-0" aria-label={label}>
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

/** Shows or hides a source's sync history (the list `historyId` names, drawn by the caller while `shown`). */
export function SyncHistoryToggle({ shown, historyId, onToggle }: { shown: boolean; historyId: string; onToggle: () => void }) {
  return (
    <Button size="sm" variant="outline-primary" aria-expanded={shown} aria-controls={shown ? historyId : undefined} onClick={onToggle}>
      <IconHistory className="me-1" size={16} />
      {shown ? 'Hide sync history' : 'Show sync history'}
    </Button>
  );
}
