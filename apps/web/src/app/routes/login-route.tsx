import type { RouteObject } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export const loginRoutes: RouteObject[] = [
  {
    index: true, handle: { title: 'Login' },
    element: (
      <AuthCard>
        <LoginForm />
      </AuthCard>
    ),
  },
];
