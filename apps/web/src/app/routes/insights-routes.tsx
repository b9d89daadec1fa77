import type { RouteObject } from 'react-router';
import { canReadInsights } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./insights-screens.tsx');

/** Insights (issue 40): coverage gaps, document health, time to fix; whoever may read the history. */
export const insightsRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadInsights} />,
    children: [{ path: 'insights', handle: { title: 'Insights' }, lazy: lazyScreen(screens, (module) => module.InsightsScreen) }],
  },
];
