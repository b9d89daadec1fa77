import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS, sendPasswordResetEmailRequest } from '@steward/contract/accounts';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email.ts';

/** Forgot password: ask for the address, then "Check your email" with Resend Email. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string>();
  const sendMutation = useSendPasswordResetEmail();
  const { register, errors, isSubmitting, submitWith } = useContractForm(sendPasswordResetEmailRequest, {
    defaultValues: { email: '' },
    errorsUnder: 'email',
  });

  const onSubmit = submitWith(async ({ email }) => {
    await sendMutation.mutateAsync({ email });
    setSentTo(email);
  });

  if (sentTo) return <CheckYourEmail email={sentTo} />;
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="forgot-password-title">
      <Link to="/" className="d-inline-block mb-3">
        ← Back
      </Link>
      <h1 id="forgot-password-title" className="h2 mb-3">
        Forgot password
      </h1>
      <p className="text-body-secondary">Enter the email address of your account and we will send you a link to reset your password.</p>
      <FormField id="forgot-password-email" label="Email" error={errors.email?.message} className="mb-3">
        {(control) => <Form.Control type="email" autoComplete="email" placeholder="name@example.com" {...control} {...register('email')} />}
      </FormField>
      <SubmitButton busy={isSubmitting} className="w-100 mb-3">
        Send
      </SubmitButton>
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
      <h1 id="check-email-title" className="h2 mb-3">
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
