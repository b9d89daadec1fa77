import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { isChatKind, WEBHOOK_MESSAGES, type WebhookEndpointRow, type WebhookEndpointWithSecret } from '@steward/contract/webhooks';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { useChangeWebhookEndpoint, useDeleteWebhookEndpoint, useRotateWebhookSecret, useWebhookEndpoints } from '../api/webhooks.ts';
import { CreateWebhookForm } from './create-webhook-form.tsx';
import { EditWebhookEventsModal } from './edit-webhook-events-modal.tsx';
import { NewWebhookSecret } from './new-webhook-secret.tsx';
import { WebhookEndpointItem } from './webhook-endpoint-item.tsx';

/** Integrations' webhooks: endpoints told of events, signed as Standard Webhooks (docs/integrations.md#outbound-webhooks). */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const change = useChangeWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpointWithSecret; message: string }>();
  const [chatAdded, setChatAdded] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpointRow>();
  const [rotating, setRotating] = useState<WebhookEndpointRow>();
  const [editing, setEditing] = useState<WebhookEndpointRow>();
  const rows = endpoints.data ?? [];
  return (
    <section aria-labelledby="webhooks-title" className="mb-4">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="text-secondary">
        Steward sends the events an endpoint chooses to its URL as they happen, signed as the Standard Webhooks specification says, and
        retries a failure for about a day. An endpoint failing for a day is disabled and the administrators are mailed. A Slack or
        Microsoft Teams endpoint gets new help requests and thumbs-down answers as messages in a channel.
      </p>
      {chatAdded ? (
        <Alert variant="success" dismissible onClose={() => setChatAdded(false)}>
          {WEBHOOK_MESSAGES.chatCreated}
        </Alert>
      ) : null}
      {secret ? <NewWebhookSecret endpoint={secret.endpoint} message={secret.message} onDone={() => setSecret(undefined)} /> : null}
      <CreateWebhookForm
        onCreated={(endpoint) => {
          // A Slack or Teams message is not signed: its secret is of no use, so it is not shown.
          setChatAdded(isChatKind(endpoint.kind));
          setSecret(isChatKind(endpoint.kind) ? undefined : { endpoint, message: WEBHOOK_MESSAGES.created });
        }}
      />
      <Card>
        <Card.Header>
          <h3 className="card-title mb-0">Endpoints</h3>
        </Card.Header>
        <ListStatus loading={endpoints.isPending} empty={endpoints.isSuccess && rows.length === 0} emptyText={WEBHOOK_MESSAGES.empty} emptyHint="Add an endpoint above for each system that should hear of events." />
        {rows.length > 0 ? (
          <ul className="list-group list-group-flush" aria-label="Webhook endpoints">
            {rows.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onToggle={() => void change.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled })}
                onEditEvents={() => setEditing(endpoint)}
                onRotate={() => setRotating(endpoint)}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
          </ul>
        ) : null}
      </Card>
      {editing ? <EditWebhookEventsModal endpoint={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmModal
        show={rotating !== undefined}
        type="delete"
        message={WEBHOOK_MESSAGES.confirmRotate}
        confirmLabel="Rotate secret"
        onConfirm={async () => {
          if (!rotating) return;
          const rotated = await rotate.mutateAsync(rotating.id);
          if (rotated) setSecret({ endpoint: rotated, message: WEBHOOK_MESSAGES.rotated });
        }}
        successMessage={WEBHOOK_MESSAGES.rotated}
        onClose={() => setRotating(undefined)}
      />
      <ConfirmModal
        show={deleting !== undefined}
        type="delete"
        message={WEBHOOK_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        successMessage={WEBHOOK_MESSAGES.deleted}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
        onClose={() => setDeleting(undefined)}
      />
    </section>
  );
}
