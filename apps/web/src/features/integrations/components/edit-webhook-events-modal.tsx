import { useId } from 'react';
import { CHAT_ALERT_EVENT_TYPES, isChatKind, type WebhookEndpointRow, webhookEventsForm } from '@steward/contract/webhooks';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useChangeWebhookEndpoint } from '../api/webhooks.ts';
import { WebhookEventCheckboxes } from './webhook-event-checkboxes.tsx';

/** "Edit events" of one endpoint: the events it is told of from the next one on (a Slack or Teams endpoint's alerts only). */
export function EditWebhookEventsModal({ endpoint, onClose }: { endpoint: WebhookEndpointRow; onClose: () => void }) {
  const titleId = useId();
  const change = useChangeWebhookEndpoint();
  const { register, errors, isSubmitting, submitWith } = useContractForm(webhookEventsForm, {
    defaultValues: { events: endpoint.events },
    errorsUnder: 'events',
  });
  const onSubmit = submitWith(async ({ events }) => {
    await change.mutateAsync({ id: endpoint.id, events });
    onClose();
  });
  return (
    <FormModal titleId={titleId} title={`Events of ${endpoint.url}`} busy={isSubmitting} onSubmit={onSubmit} onClose={onClose}>
      <WebhookEventCheckboxes
        idPrefix={`webhook-${endpoint.id}-event`}
        registration={register('events')}
        error={errors.events?.message}
        types={isChatKind(endpoint.kind) ? CHAT_ALERT_EVENT_TYPES : undefined}
      />
    </FormModal>
  );
}
