import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ACCOUNT_SUCCESS, changePasswordRequest } from '@steward/contract/accounts';
import { BackButton } from '../../../components/back-button.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { PageHeader } from '../../../components/page-header.tsx';
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
    <section aria-labelledby="change-password-title" className="account-form">
      <BackButton fallback={`/user-accounts/${userId}`} />
      <PageHeader id="change-password-title" pretitle="Administration" title="Change password" description="Your own password: the one you sign in with now, then the new one." />
      <Form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title" className="card card-body">
        <FormField id="change-old-password" label="Old Password" error={errors.oldPassword?.message} className="mb-3">
          {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('oldPassword')} />}
        </FormField>
        <NewPasswordField id="change-new-password" label="New Password" error={errors.newPassword?.message} field={register('newPassword')} />
        <SubmitButton busy={isSubmitting}>Change Password</SubmitButton>
        <FormAlert error={errors.root?.message} success={done ? ACCOUNT_SUCCESS.passwordChanged : undefined} below />
      </Form>
    </section>
  );
}
