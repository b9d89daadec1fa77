import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { isChatKind, WEBHOOK_ENDPOINT_KIND_LABELS, WEBHOOK_EVENT_LABELS, type WebhookEndpointRow } from '@steward/contract/webhooks';
import { formatDateTime } from '../../../lib/format-date.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookTestMessage } from './webhook-test-message.tsx';

interface WebhookEndpointItemProps {
  endpoint: WebhookEndpointRow;
  onToggle: () => void;
  onEditEvents: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

/** One endpoint: its URL, state, events and settings; Deliveries, Enable/Disable, Edit events, Rotate secret, Delete. */
export function WebhookEndpointItem({ endpoint, onToggle, onEditEvents, onRotate, onDelete }: WebhookEndpointItemProps) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = `webhook-${endpoint.id}-deliveries`;
  return (
    <li className="list-group-item" data-testid="webhook-endpoint">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h4 mb-0 text-break">{endpoint.url}</h3>
        <Badge bg={endpoint.enabled ? 'success-subtle' : 'secondary-subtle'} text={endpoint.enabled ? 'success-emphasis' : 'secondary-emphasis'}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <div className="ms-md-auto d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" size="sm" aria-expanded={showDeliveries} aria-controls={deliveriesId} onClick={() => setShowDeliveries(!showDeliveries)}>
            Deliveries
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={onToggle} aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={onEditEvents} aria-label={`Edit the events of ${endpoint.url}`}>
            Edit events
          </Button>
          {isChatKind(endpoint.kind) ? null : (
            <Button variant="outline-secondary" size="sm" onClick={onRotate} aria-label={`Rotate the secret of ${endpoint.url}`}>
              Rotate secret
            </Button>
          )}
          <Button variant="outline-danger" size="sm" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        </div>
      </div>
      {endpoint.disabled_reason ? <p className="text-danger small mb-2">{endpoint.disabled_reason}</p> : null}
      {isChatKind(endpoint.kind) ? <WebhookTestMessage endpoint={endpoint} /> : null}
      <dl className="row mb-0 small">
        {endpoint.description ? (
          <>
            <dt className="col-sm-3 col-lg-2">Description</dt>
            <dd className="col-sm-9 col-lg-10">{endpoint.description}</dd>
          </>
        ) : null}
        <dt className="col-sm-3 col-lg-2">Kind</dt>
        <dd className="col-sm-9 col-lg-10">{WEBHOOK_ENDPOINT_KIND_LABELS[endpoint.kind]}</dd>
        <dt className="col-sm-3 col-lg-2">Events</dt>
        <dd className="col-sm-9 col-lg-10">{endpoint.events.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')}</dd>
        <dt className="col-sm-3 col-lg-2">Personal data</dt>
        <dd className="col-sm-9 col-lg-10">{endpoint.include_personal_data ? 'Included' : 'Left out'}</dd>
        <dt className="col-sm-3 col-lg-2">Added</dt>
        <dd className="col-sm-9 col-lg-10">
          {formatDateTime(endpoint.created_at)} by {endpoint.created_by}
        </dd>
        {endpoint.failing_since ? (
          <>
            <dt className="col-sm-3 col-lg-2">Failing since</dt>
            <dd className="col-sm-9 col-lg-10">{formatDateTime(endpoint.failing_since)}</dd>
          </>
        ) : null}
      </dl>
      <div id={deliveriesId}>{showDeliveries ? <WebhookDeliveries endpointId={endpoint.id} /> : null}</div>
    </li>
  );
}
