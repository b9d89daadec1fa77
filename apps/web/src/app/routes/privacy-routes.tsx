import type { RouteObject } from 'react-router';
import { canErasePersonalData } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./privacy-screens.tsx');

/** The Privacy screen (issue 43): finding and erasing a visitor's data, administrators by default (erase_personal_data). */
export const privacyRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canErasePersonalData} />,
    children: [{ path: 'privacy', handle: { title: 'Privacy' }, lazy: lazyScreen(screens, (module) => module.PrivacyRoute) }],
  },
];
