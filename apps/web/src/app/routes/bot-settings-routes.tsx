import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./bot-settings-screens.tsx');

export const botSettingsRoutes: RouteObject[] = [
  { path: 'bot-settings', handle: { title: 'Bot Settings' }, lazy: lazyScreen(screens, (module) => module.BotSettingsRoute) },
];
