import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCOUNT_SUCCESS, changePasswordRequest, PASSWORD_REQUIREMENTS_HINT, type ChangePasswordRequest } from '@steward/contract/accounts';
import { FieldError } from '../../../components/field-error.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

/** Change password (own account): Old Password and New Password. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const [done, setDone] = useState(false);
  const changeMutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordRequest>({ resolver: zodResolver(changePasswordRequest), defaultValues: { oldPassword: '', newPassword: '' } });

  const onSubmit = handleSubmit(async (request) => {
    setDone(false);
    try {
      await changeMutation.mutateAsync({ userId, ...request });
      reset();
      setDone(true);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 0);
      setError(apiError.field === 'oldPassword' ? 'oldPassword' : 'root', { message: apiError.message });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title" className="card card-body account-form">
      <h1 id="change-password-title" className="h3 mb-4">
        Change password
      </h1>
      <Form.Group className="mb-3">
        <Form.Label htmlFor="change-old-password">Old Password</Form.Label>
        <PasswordInput
          id="change-old-password"
          autoComplete="current-password"
          isInvalid={Boolean(errors.oldPassword)}
          aria-describedby={errors.oldPassword ? 'change-old-password-error' : undefined}
          {...register('oldPassword')}
        />
        <FieldError id="change-old-password-error" message={errors.oldPassword?.message} />
      </Form.Group>
      <Form.Group className="mb-3">
        <Form.Label htmlFor="change-new-password">New Password</Form.Label>
        <PasswordInput
          id="change-new-password"
          autoComplete="new-password"
          isInvalid={Boolean(errors.newPassword)}
          aria-describedby={`change-new-password-hint${errors.newPassword ? ' change-new-password-error' : ''}`}
          {...register('newPassword')}
        />
        <Form.Text id="change-new-password-hint" className="d-block">
          {PASSWORD_REQUIREMENTS_HINT}
        </Form.Text>
        <FieldError id="change-new-password-error" message={errors.newPassword?.message} />
      </Form.Group>
      <Button type="submit" disabled={isSubmitting}>
        Change Password
      </Button>
      {errors.root?.message ? (
        <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
          {errors.root.message}
        </div>
      ) : null}
      {done ? (
        <div className="alert alert-success py-2 mt-3 mb-0" role="status">
          {ACCOUNT_SUCCESS.passwordChanged}
        </div>
      ) : null}
    </Form>
  );
}
