import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_REQUIREMENTS_HINT } from '@steward/contract/accounts';
import { FormField } from '../../../components/form/form-field.tsx';
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
  return (
    <>
      <NewPasswordField id={`${idPrefix}-password`} label={passwordLabel} error={passwordError} field={password} />
      <FormField id={`${idPrefix}-confirm-password`} label="Confirm Password" error={confirmPasswordError} className="mb-3">
        {(control) => <PasswordInput autoComplete="new-password" {...control} {...confirmPassword} />}
      </FormField>
    </>
  );
}

/** A new password with its requirements hint (reset, register and change password). */
export function NewPasswordField({ id, label, error, field }: { id: string; label: string; error: string | undefined; field: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label={label} error={error} hint={PASSWORD_REQUIREMENTS_HINT} className="mb-3">
      {(control) => <PasswordInput autoComplete="new-password" {...control} {...field} />}
    </FormField>
  );
}
