import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ACCOUNT_SUCCESS, changePasswordRequest } from '@steward/contract/accounts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { PasswordInput } from '../../../components/password-input.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordField } from './new-password-fields.tsx';

/** Change password (own account): Old Password and New Password. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const [done, setDone] = useState(false);
  const changeMutation = useChangePassword();
  const { register, reset, errors, isSubmitting, submitWith } = useContractForm(changePasswordRequest, {
    defaultValues: { oldPassword: '', newPassword: '' },
    errorFields: ['oldPassword'],
  });

  const onSubmit = submitWith(async (request) => {
    setDone(false);
    await changeMutation.mutateAsync({ userId, ...request });
    reset();
    setDone(true);
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title" className="card card-body account-form">
      <h1 id="change-password-title" className="h2 mb-4">
        Change password
      </h1>
      <FormField id="change-old-password" label="Old Password" error={errors.oldPassword?.message} className="mb-3">
        {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('oldPassword')} />}
      </FormField>
      <NewPasswordField id="change-new-password" label="New Password" error={errors.newPassword?.message} field={register('newPassword')} />
      <SubmitButton busy={isSubmitting}>Change Password</SubmitButton>
      <FormAlert error={errors.root?.message} success={done ? ACCOUNT_SUCCESS.passwordChanged : undefined} below />
    </Form>
  );
}
