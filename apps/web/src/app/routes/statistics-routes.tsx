import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export const statisticsRoutes: RouteObject[] = [{ path: 'home', element: <NotBuiltYet title="Statistics" /> }];
