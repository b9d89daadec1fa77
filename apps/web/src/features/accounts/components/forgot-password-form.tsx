import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS, sendPasswordResetEmailRequest, type SendPasswordResetEmailRequest } from '@steward/contract/accounts';
import { FieldError } from '../../../components/field-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email.ts';

/** Forgot password: ask for the address, then "Check your email" with Resend Email. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string>();
  const sendMutation = useSendPasswordResetEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SendPasswordResetEmailRequest>({ resolver: zodResolver(sendPasswordResetEmailRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await sendMutation.mutateAsync({ email });
      setSentTo(email);
    } catch (error) {
      setError('email', { message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' });
    }
  });

  if (sentTo) return <CheckYourEmail email={sentTo} />;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="forgot-password-title">
      <Link to="/" className="d-inline-block mb-3">
        ← Back
      </Link>
      <h1 id="forgot-password-title" className="h3 mb-3">
        Forgot password
      </h1>
      <p className="text-body-secondary">Enter the email address of your account and we will send you a link to reset your password.</p>
      <Form.Group className="mb-3" controlId="forgot-password-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          isInvalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'forgot-password-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="forgot-password-email-error" message={errors.email?.message} />
      </Form.Group>
      <Button type="submit" className="w-100 mb-3" disabled={isSubmitting}>
        Send
      </Button>
      <p className="text-center mb-0">
        <Link to="/">Back to Login</Link>
      </p>
    </Form>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  const resendMutation = useSendPasswordResetEmail();
  // A resend failure shows nothing (spec section 8); the button stays usable.
  const resend = () => resendMutation.mutate({ email });
  return (
    <section aria-labelledby="check-email-title">
      <h1 id="check-email-title" className="h3 mb-3">
        {ACCOUNT_SUCCESS.checkEmail}
      </h1>
      <p>
        If an account exists for <strong>{email}</strong>, we sent a link to reset its password. The link works for 30 minutes.
      </p>
      <Button variant="outline-primary" className="w-100 mb-3" onClick={resend} disabled={resendMutation.isPending || resendMutation.isSuccess}>
        {resendMutation.isSuccess ? ACCOUNT_SUCCESS.resent : 'Resend Email'}
      </Button>
      <p className="text-center mb-0">
        <Link to="/">Back to Login</Link>
      </p>
    </section>
  );
}
