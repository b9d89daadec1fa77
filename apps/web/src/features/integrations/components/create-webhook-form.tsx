import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, type WebhookEndpointWithSecret, webhookEndpointForm } from '@steward/contract/webhooks';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useCreateWebhookEndpoint } from '../api/webhooks.ts';
import { WebhookEventCheckboxes } from './webhook-event-checkboxes.tsx';

/** "Add an endpoint": URL, description, events, personal data (off). The secret made is handed up to be shown once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: WebhookEndpointWithSecret) => void }) {
  const create = useCreateWebhookEndpoint();
  const { register, errors, isSubmitting, submitWith, reset } = useContractForm(webhookEndpointForm, {
    defaultValues: { url: '', description: '', events: [], include_personal_data: false },
    errorFields: ['url', 'description', 'events'],
  });
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
            <FormField id="webhook-url" className="col-12 col-md-6" label="URL" hint="Where Steward sends the events, starting with https://." error={errors.url?.message}>
              {(control) => <Form.Control type="url" inputMode="url" autoComplete="off" maxLength={WEBHOOK_URL_MAX} {...control} {...register('url')} />}
            </FormField>
            <FormField id="webhook-description" className="col-12 col-md-6" label="Description (optional)" hint="What receives them, such as “Ticketing”." error={errors.description?.message}>
              {(control) => <Form.Control type="text" autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX} {...control} {...register('description')} />}
            </FormField>
            <div className="col-12">
              <WebhookEventCheckboxes idPrefix="webhook-event" registration={register('events')} error={errors.events?.message} />
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
