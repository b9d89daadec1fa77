import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@steward/contract/webhooks';
import { FieldError } from '../../../components/form/field-error.tsx';

/** An endpoint's events as a group of checkboxes, each with its event type. */
export function WebhookEventCheckboxes({ idPrefix, registration, error }: { idPrefix: string; registration: UseFormRegisterReturn<'events'>; error: string | undefined }) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-5 mb-1">Events</legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <Form.Check
          key={type}
          id={`${idPrefix}-${type}`}
          type="checkbox"
          value={type}
          isInvalid={Boolean(error)}
          label={
            <>
              {WEBHOOK_EVENT_LABELS[type]} <code className="small">{type}</code>
            </>
          }
          {...registration}
        />
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
