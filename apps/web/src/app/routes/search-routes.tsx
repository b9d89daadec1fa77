import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./search-screens.tsx');

export const searchRoutes: RouteObject[] = [
  { path: 'search/:query/page/:page', handle: { title: 'Search Results' }, lazy: lazyScreen(screens, (module) => module.SearchResultsScreen) },
];
