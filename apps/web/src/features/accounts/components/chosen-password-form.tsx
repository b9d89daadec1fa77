import { useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { ACCOUNT_SUCCESS, registerForm, resetPasswordForm } from '@steward/contract/accounts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { AccountDone } from './account-done.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The two screens that choose a password with a mailed key: their schema and words. */
const PURPOSES = {
  register: { schema: registerForm, title: 'Register', passwordLabel: 'Password', submitLabel: 'Register', doneMessage: ACCOUNT_SUCCESS.registered },
  reset: { schema: resetPasswordForm, title: 'Reset password', passwordLabel: 'New Password', submitLabel: 'Reset Password', doneMessage: ACCOUNT_SUCCESS.passwordReset },
} as const;

interface ChosenPasswordFormProps {
  purpose: keyof typeof PURPOSES;
  save: (password: string) => Promise<unknown>;
  /** A line under the title (register: the email being registered). */
  intro?: ReactNode;
}

/** Choosing a password with a mailed key (register, reset): the form, then the success page; failures at the bottom. */
export function ChosenPasswordForm({ purpose, save, intro }: ChosenPasswordFormProps) {
  const { schema, title, passwordLabel, submitLabel, doneMessage } = PURPOSES[purpose];
  const idPrefix = purpose;
  const [done, setDone] = useState(false);
  const { register, errors, isSubmitting, submitWith } = useContractForm(schema, { defaultValues: { password: '', confirmPassword: '' } });
  const onSubmit = submitWith(async ({ password }) => {
    await save(password);
    setDone(true);
  });

  if (done) return <AccountDone message={doneMessage} />;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${idPrefix}-title`}>
      <h1 id={`${idPrefix}-title`} className="h2 mb-4">
        {title}
      </h1>
      {intro}
      <NewPasswordFields
        idPrefix={idPrefix}
        passwordLabel={passwordLabel}
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmPasswordError={errors.confirmPassword?.message}
      />
      <SubmitButton busy={isSubmitting} className="w-100">
        {submitLabel}
      </SubmitButton>
      <FormAlert error={errors.root?.message} below />
    </Form>
  );
}
