import { useParams, type RouteObject } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/accounts/components/forgot-password-form.tsx';
import { RegisterForm } from '../../features/accounts/components/register-form.tsx';
import { ResetPasswordForm } from '../../features/accounts/components/reset-password-form.tsx';

function RegisterScreen() {
  const { key = '' } = useParams();
  return (
    <AuthCard>
      <RegisterForm key={key} invitationKey={key} />
    </AuthCard>
  );
}

function ResetPasswordScreen() {
  const { key = '' } = useParams();
  return (
    <AuthCard>
      <ResetPasswordForm key={key} resetKey={key} />
    </AuthCard>
  );
}

/** /register/{key}, /reset-password and /reset-password/{key}. */
export const accountPublicRoutes: RouteObject[] = [
  { path: 'register/:key', handle: { title: 'Register' }, element: <RegisterScreen /> },
  {
    path: 'reset-password',
    handle: { title: 'Forgot Password' },
    element: (
      <AuthCard>
        <ForgotPasswordForm />
      </AuthCard>
    ),
  },
  { path: 'reset-password/:key', handle: { title: 'Reset Password' }, element: <ResetPasswordScreen /> },
];
