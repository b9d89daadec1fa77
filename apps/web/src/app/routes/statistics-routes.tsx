import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./statistics-screens.tsx');

export const statisticsRoutes: RouteObject[] = [
  { path: 'home', handle: { title: 'Home' }, lazy: lazyScreen(screens, (module) => module.HomeScreen) },
];
