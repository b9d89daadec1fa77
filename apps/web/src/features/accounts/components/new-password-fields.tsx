import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_REQUIREMENTS_HINT } from '@steward/contract/accounts';
import { FieldError } from '../../../components/field-error.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';

interface NewPasswordFieldsProps {
  idPrefix: string;
  passwordLabel: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirmPasswordError: string | undefined;
}

/** A new password with its requirements hint, and its confirmation. */
export function NewPasswordFields({ idPrefix, passwordLabel, password, confirmPassword, passwordError, confirmPasswordError }: NewPasswordFieldsProps) {
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm-password`;
  return (
    <>
      <Form.Group className="mb-3">
        <Form.Label htmlFor={passwordId}>{passwordLabel}</Form.Label>
        <PasswordInput
          id={passwordId}
          autoComplete="new-password"
          isInvalid={Boolean(passwordError)}
          aria-describedby={`${passwordId}-hint${passwordError ? ` ${passwordId}-error` : ''}`}
          {...password}
        />
        <Form.Text id={`${passwordId}-hint`} className="d-block">
          {PASSWORD_REQUIREMENTS_HINT}
        </Form.Text>
        <FieldError id={`${passwordId}-error`} message={passwordError} />
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label htmlFor={confirmId}>Confirm Password</Form.Label>
        <PasswordInput
          id={confirmId}
          autoComplete="new-password"
          isInvalid={Boolean(confirmPasswordError)}
          aria-describedby={confirmPasswordError ? `${confirmId}-error` : undefined}
          {...confirmPassword}
        />
        <FieldError id={`${confirmId}-error`} message={confirmPasswordError} />
      </Form.Group>
    </>
  );
}
