import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginRequest, type LoginRequest } from '@steward/contract/auth';
import { FieldError } from '../../../components/field-error.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { useVerifyEmailCode } from '../api/verify-email-code.ts';

export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequest), defaultValues: { email: '', password: '' } });

  useSignInLink((message) => setError('root', { message }));

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await loginMutation.mutateAsync(credentials);
      await navigate('/home', { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 0);
      const field = apiError.field === 'email' || apiError.field === 'password' ? apiError.field : 'root';
      setError(field, { message: apiError.message });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <h1 id="login-title" className="h3 mb-4">
        Login
      </h1>
      <Form.Group className="mb-3" controlId="login-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="username"
          placeholder="name@example.com"
          isInvalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="login-email-error" message={errors.email?.message} />
      </Form.Group>
      <Form.Group className="mb-2" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          isInvalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
        <FieldError id="login-password-error" message={errors.password?.message} />
      </Form.Group>
      <p className="mb-4">
        <Link to="/reset-password">Forgot password? Reset here</Link>
      </p>
      {errors.root?.message ? (
        <div className="alert alert-danger py-2" role="alert">
          {errors.root.message}
        </div>
      ) : null}
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        Login
      </Button>
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
      .catch((error: unknown) => showError(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'));
  }, [email, code, mutateAsync, navigate, showError]);
}
