import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@steward/contract/webhooks';
import { FieldError } from '../../../components/form/field-error.tsx';

interface WebhookEventCheckboxesProps {
  idPrefix: string;
  registration: UseFormRegisterReturn<'events'>;
  error: string | undefined;
  /** The events offered (a Slack or Teams endpoint's are fewer); every event by default. */
  types?: readonly WebhookEventType[];
}

/** An endpoint's events as a group of checkboxes, each with its event type. */
export function WebhookEventCheckboxes({ idPrefix, registration, error, types = WEBHOOK_EVENT_TYPES }: WebhookEventCheckboxesProps) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-5 mb-1">Events</legend>
      {types.map((type) => (
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
