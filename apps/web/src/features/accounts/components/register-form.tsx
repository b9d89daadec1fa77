import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ACCOUNT_SUCCESS, registerForm, type RegisterForm as RegisterValues } from '@steward/contract/accounts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRegister } from '../api/register.ts';
import { AccountDone } from './account-done.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Register with an invitation key: Password, Confirm Password, then the success page. */
export function RegisterForm({ invitationKey }: { invitationKey: string }) {
  const [done, setDone] = useState(false);
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: zodResolver(registerForm), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await registerMutation.mutateAsync({ key: invitationKey, password });
      setDone(true);
    } catch (error) {
      setError('root', { message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' });
    }
  });

  if (done) return <AccountDone message={ACCOUNT_SUCCESS.registered} />;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="register-title">
      <h1 id="register-title" className="h3 mb-4">
        Register
      </h1>
      <NewPasswordFields
        idPrefix="register"
        passwordLabel="Password"
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmPasswordError={errors.confirmPassword?.message}
      />
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        Register
      </Button>
      {errors.root?.message ? (
        <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
          {errors.root.message}
        </div>
      ) : null}
    </Form>
  );
}
