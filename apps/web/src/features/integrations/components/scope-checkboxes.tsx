import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INTEGRATION_KEY_SCOPE_CALLS, INTEGRATION_KEY_SCOPE_LABELS, INTEGRATION_KEY_SCOPES } from '@steward/contract/integration-keys';
import { FieldError } from '../../../components/form/field-error.tsx';

interface ScopeCheckboxesProps {
  idPrefix: string;
  /** register('scopes') of the form: the boxes checked make the list. */
  registration: UseFormRegisterReturn<'scopes'>;
  error: string | undefined;
}

/** A key's scopes as a group of checkboxes, each with the call it opens. */
export function ScopeCheckboxes({ idPrefix, registration, error }: ScopeCheckboxesProps) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-5 mb-1">What it may do</legend>
      {INTEGRATION_KEY_SCOPES.map((scope) => (
        <Form.Check
          key={scope}
          id={`${idPrefix}-${scope}`}
          type="checkbox"
          value={scope}
          isInvalid={Boolean(error)}
          label={
            <>
              {INTEGRATION_KEY_SCOPE_LABELS[scope]} <code className="small">{INTEGRATION_KEY_SCOPE_CALLS[scope]}</code>
            </>
          }
          {...registration}
        />
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
