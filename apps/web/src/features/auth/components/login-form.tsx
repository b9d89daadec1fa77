import { useEffect, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginRequest } from '@steward/contract/auth';
import { isSecondFactorStep } from '@steward/contract/second-factor';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { PasswordInput } from '../../../components/password-input.tsx';
import { useLogin } from '../api/login.ts';
import { useVerifyEmailCode } from '../api/verify-email-code.ts';
import { useSso } from '../../../lib/sso-availability.ts';
import { SSO_REFUSAL_MESSAGES, ssoButtonLabel, ssoRefusalOf } from '@steward/contract/single-sign-on';

export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { register, setError, errors, isSubmitting, submitWith } = useContractForm(loginRequest, {
    defaultValues: { email: '', password: '' },
    errorFields: ['email', 'password'],
  });

  useSignInLink((message) => setError('root', { message }));
  useSsoRefusal((message) => setError('root', { message }));
  const sso = useSso().data;

  const onSubmit = submitWith(async (credentials) => {
    try {
      await loginMutation.mutateAsync(credentials);
    } catch (error) {
      // The password was right and a second step follows (a code, or setting up a second factor).
      if (isSecondStep(error)) return void (await navigate('/sign-in/second-factor'));
      throw error;
    }
    await navigate('/home', { replace: true });
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <h1 id="login-title" className="h2 mb-4">
        Login
      </h1>
      <FormField id="login-email" label="Email" error={errors.email?.message} className="mb-3">
        {(control) => <Form.Control type="email" autoComplete="username" placeholder="name@example.com" {...control} {...register('email')} />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message} className="mb-2">
        {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('password')} />}
      </FormField>
      <p className="mb-4">
        <Link to="/reset-password">Forgot password? Reset here</Link>
      </p>
      <FormAlert error={errors.root?.message} />
      <SubmitButton busy={isSubmitting} className="w-100">
        Login
      </SubmitButton>
      {sso ? (
        // Single sign-on (OIDC_*, off by default): a navigation to the provider, under the spec's form.
        <a className="btn btn-outline-primary w-100 mt-3" href="/api/sso/start">
          {ssoButtonLabel(sso.provider_name)}
        </a>
      ) : null}
    </Form>
  );
}

/**
 * A mailed sign-in link opens /?email=…&verificationCode=…: verify it once on load and go to /home.
 * Only a failure is shown (the link may have expired).
 */
function useSignInLink(showError: (message: string) => void) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const verifyMutation = useVerifyEmailCode();
  const started = useRef(false);
  const email = searchParams.get('email');
  const code = searchParams.get('verificationCode');
  const { mutateAsync } = verifyMutation;
  useEffect(() => {
    if (!email || !code || started.current) return;
    started.current = true;
    mutateAsync({ email, code })
      .then(() => navigate('/home', { replace: true }))
      .catch((error: unknown) => (isSecondStep(error) ? navigate('/sign-in/second-factor') : showError(errorMessage(error))));
  }, [email, code, mutateAsync, navigate, showError]);
}

/** A refused single sign-on comes back as /?sso_error=…: its message, once. */
function useSsoRefusal(showError: (message: string) => void) {
  const [searchParams] = useSearchParams();
  const refusal = ssoRefusalOf(searchParams.get('sso_error'));
  const shown = useRef(false);
  useEffect(() => {
    if (!refusal || shown.current) return;
    shown.current = true;
    showError(SSO_REFUSAL_MESSAGES[refusal]);
  }, [refusal, showError]);
}

const isSecondStep = (error: unknown): boolean => error instanceof ApiError && error.status === 401 && isSecondFactorStep(error.message);
