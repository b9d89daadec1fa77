import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type CreatedIntegrationKeyRow, INTEGRATION_KEY_NAME_MAX, integrationKeyForm } from '@steward/contract/integration-keys';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useCreateIntegrationKey } from '../api/integration-keys.ts';
import { ScopeCheckboxes } from './scope-checkboxes.tsx';

/** The date-and-time field's value (local time) as the call's ISO time, or null when it is empty. */
const expiryOf = (local: string): string | null => (local === '' ? null : new Date(local).toISOString());

/** "Create a key": name, scopes, optional expiry. The key made is handed up to be shown once. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedIntegrationKeyRow) => void }) {
  const create = useCreateIntegrationKey();
  const { register, errors, isSubmitting, submitWith, reset } = useContractForm(integrationKeyForm, {
    defaultValues: { name: '', scopes: [], expires_at: '' },
    errorFields: ['name', 'scopes', 'expires_at'],
  });
  const onSubmit = submitWith(async (values) => {
    const created = await create.mutateAsync({ name: values.name, scopes: values.scopes, expires_at: expiryOf(values.expires_at) });
    if (!created) return;
    reset();
    onCreated(created);
  });
  return (
    <Card className="mb-4">
      <Card.Body>
        <h3 className="card-title">Create a key</h3>
        <Form noValidate onSubmit={onSubmit}>
          <div className="row g-3">
            <FormField id="integration-key-name" className="col-12 col-md-6" label="Name" hint="The integration that uses it, such as “Help desk chatbot”." error={errors.name?.message}>
              {(control) => <Form.Control type="text" autoComplete="off" maxLength={INTEGRATION_KEY_NAME_MAX} {...control} {...register('name')} />}
            </FormField>
            <FormField id="integration-key-expiry" className="col-12 col-md-6" label="Expires (optional)" hint="Leave empty for a key that works until it is revoked." error={errors.expires_at?.message}>
              {(control) => <Form.Control type="datetime-local" {...control} {...register('expires_at')} />}
            </FormField>
            <div className="col-12">
              <ScopeCheckboxes idPrefix="integration-key-scope" registration={register('scopes')} error={errors.scopes?.message} />
            </div>
          </div>
          <SubmitButton busy={isSubmitting} busyLabel="Creating..." className="mt-3">
            Create key
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
