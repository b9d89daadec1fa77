import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  CHAT_ALERT_EVENT_TYPES,
  isChatKind,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINT_KIND_LABELS,
  WEBHOOK_ENDPOINT_KINDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpointKind,
  type WebhookEndpointWithSecret,
  webhookEndpointForm,
} from '@steward/contract/webhooks';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useCreateWebhookEndpoint } from '../api/webhooks.ts';
import { WebhookEventCheckboxes } from './webhook-event-checkboxes.tsx';

const URL_HINTS: Record<WebhookEndpointKind, string> = {
  standard: 'Where Steward sends the events, starting with https://.',
  slack: 'The incoming-webhook URL Slack gives, https://hooks.slack.com/services/...',
  teams: 'The URL of the Teams workflow (or incoming webhook) that posts to the channel.',
};

/** "Add an endpoint": kind, URL, description, events, personal data (off). The secret made is handed up to be shown once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: WebhookEndpointWithSecret) => void }) {
  const create = useCreateWebhookEndpoint();
  const { register, errors, isSubmitting, submitWith, reset, watch, getValues, setValue } = useContractForm(webhookEndpointForm, {
    defaultValues: { kind: 'standard', url: '', description: '', events: [], include_personal_data: false },
    errorFields: ['kind', 'url', 'description', 'events'],
  });
  const kind = watch('kind');
  // A Slack or Teams endpoint offers fewer events: any other chosen before is dropped, not kept out of sight.
  useEffect(() => {
    if (!isChatKind(kind)) return;
    const events = getValues('events');
    const kept = events.filter((event) => (CHAT_ALERT_EVENT_TYPES as readonly string[]).includes(event));
    if (kept.length !== events.length) setValue('events', kept);
  }, [kind, getValues, setValue]);
  const onSubmit = submitWith(async (values) => {
    const created = await create.mutateAsync(values);
    if (!created) return;
    reset();
    onCreated(created);
  });
  return (
    <Card className="mb-4">
      <Card.Body>
        <h3 className="card-title">Add an endpoint</h3>
        <Form noValidate onSubmit={onSubmit}>
          <div className="row g-3">
            <FormField id="webhook-kind" className="col-12" label="Kind" hint="Slack and Teams get each event as a readable message in a channel." error={errors.kind?.message}>
              {(control) => (
                <Form.Select {...control} {...register('kind')}>
                  {WEBHOOK_ENDPOINT_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {WEBHOOK_ENDPOINT_KIND_LABELS[value]}
                    </option>
                  ))}
                </Form.Select>
              )}
            </FormField>
            <FormField id="webhook-url" className="col-12 col-md-6" label="URL" hint={URL_HINTS[kind]} error={errors.url?.message}>
              {(control) => <Form.Control type="url" inputMode="url" autoComplete="off" maxLength={WEBHOOK_URL_MAX} {...control} {...register('url')} />}
            </FormField>
            <FormField id="webhook-description" className="col-12 col-md-6" label="Description (optional)" hint="What receives them, such as “Ticketing”." error={errors.description?.message}>
              {(control) => <Form.Control type="text" autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX} {...control} {...register('description')} />}
            </FormField>
            <div className="col-12">
              <WebhookEventCheckboxes
                idPrefix="webhook-event"
                registration={register('events')}
                error={errors.events?.message}
                types={isChatKind(kind) ? CHAT_ALERT_EVENT_TYPES : WEBHOOK_EVENT_TYPES}
              />
            </div>
            <div className="col-12">
              <Form.Check
                type="switch"
                id="webhook-personal-data"
                label="Include visitors' personal data"
                aria-describedby="webhook-personal-data-hint"
                {...register('include_personal_data')}
              />
              <Form.Text id="webhook-personal-data-hint">Off: events leave out who the visitor is, and mask addresses and numbers in their words.</Form.Text>
            </div>
          </div>
          <SubmitButton busy={isSubmitting} busyLabel="Adding..." className="mt-3">
            Add endpoint
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
