import type { RouteObject } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { PasskeySignIn } from '../../features/auth/components/passkey-sign-in.tsx';
import { SecondFactorStep } from '../../features/auth/components/second-factor-step.tsx';

export const loginRoutes: RouteObject[] = [
  {
    index: true, handle: { title: 'Login' },
    element: (
      <AuthCard>
        <LoginForm />
        <PasskeySignIn />
      </AuthCard>
    ),
  },
  {
    // Sign-in's second step, after the login form's password was right (a pending sign-in on the server).
    path: 'sign-in/second-factor', handle: { title: 'Two-step verification' },
    element: (
      <AuthCard>
        <SecondFactorStep />
      </AuthCard>
    ),
  },
];
