import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { pageCount } from '@steward/contract/paging';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, type WebhookDeliveryRow, type WebhookDeliveryStatus } from '@steward/contract/webhooks';
import { ListStatus } from '../../../components/list-status.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhooks.ts';

const STATUS_BADGES: Record<WebhookDeliveryStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** One endpoint's deliveries, newest first, a page at a time: event, time, status, code, time taken, answer; Redeliver. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const redeliver = useRedeliverWebhook();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string }>();
  const rows = deliveries.data?.rows ?? [];
  const pages = deliveries.data ? pageCount(deliveries.data.total, deliveries.data.page_size) : 1;
  const again = async (row: WebhookDeliveryRow) => {
    try {
      await redeliver.mutateAsync({ endpointId, deliveryId: row.id });
      setOutcome({ tone: 'success', text: WEBHOOK_MESSAGES.redelivered });
    } catch (error) {
      setOutcome({ tone: 'danger', text: errorMessage(error) });
    }
  };
  return (
    <div className="mt-3" data-testid="webhook-deliveries">
      <h4 className="h5">Deliveries</h4>
      {outcome ? (
        <p role="status" className={`text-${outcome.tone}`}>
          {outcome.text}
        </p>
      ) : null}
      <ListStatus loading={deliveries.isPending} empty={deliveries.isSuccess && rows.length === 0} emptyText={WEBHOOK_MESSAGES.noDeliveries} emptyHint="Events this endpoint chose appear here as they are sent." />
      {rows.length > 0 ? (
        <Table responsive size="sm" className="card-table mb-2">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Time</th>
              <th scope="col">Status</th>
              <th scope="col">Code</th>
              <th scope="col">Took</th>
              <th scope="col">Attempts</th>
              <th scope="col">Answer</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const badge = STATUS_BADGES[row.status];
              return (
                <tr key={row.id} data-testid="webhook-delivery">
                  <td>
                    {WEBHOOK_EVENT_LABELS[row.event_type]}
                    <div className="small text-secondary">
                      <code>{row.message_id}</code>
                    </div>
                  </td>
                  <td>{formatDateTime(row.last_attempt_at ?? row.created_at)}</td>
                  <td>
                    <Badge bg={`${badge.tone}-subtle`} text={`${badge.tone}-emphasis`}>
                      {badge.label}
                    </Badge>
                    {row.status === 'pending' && row.next_attempt_at ? <div className="small text-secondary">Next {formatDateTime(row.next_attempt_at)}</div> : null}
                  </td>
                  <td>{row.status_code ?? '—'}</td>
                  <td>{row.response_ms === null ? '—' : `${row.response_ms} ms`}</td>
                  <td>{row.attempts}</td>
                  <td className="text-break small">{row.response_excerpt ?? ''}</td>
                  <td>
                    {row.status === 'pending' ? null : (
                      <Button variant="outline-secondary" size="sm" onClick={() => void again(row)} aria-label={`Redeliver ${row.message_id}`}>
                        Redeliver
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Deliveries pages" className="d-flex gap-2 align-items-center">
          <Button variant="outline-secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="small">
            Page {page + 1} of {pages}
          </span>
          <Button variant="outline-secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
