import type { RouteObject } from 'react-router';
import { canManageIntegrations } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./integrations-screens.tsx');

/** The Integrations screen (issue 57): integration keys, then other integrations; administrators by role. */
export const integrationsRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canManageIntegrations} />,
    children: [{ path: 'integrations', handle: { title: 'Integrations' }, lazy: lazyScreen(screens, (module) => module.IntegrationsRoute) }],
  },
];
