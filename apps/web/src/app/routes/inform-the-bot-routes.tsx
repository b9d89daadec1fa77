import type { RouteObject } from 'react-router';
import { canReadInformTheBot } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./inform-the-bot-screens.tsx');

export const informTheBotRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadInformTheBot} />,
    children: [
      { path: 'inform-the-bot', handle: { title: 'Inform the Bot' }, lazy: lazyScreen(screens, (module) => module.InformTheBotScreen) },
      { path: 'inform-the-bot/page/:page', handle: { title: 'Inform the Bot' }, lazy: lazyScreen(screens, (module) => module.InformTheBotScreen) },
    ],
  },
];
