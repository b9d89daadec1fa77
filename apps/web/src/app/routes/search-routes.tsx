import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export const searchRoutes: RouteObject[] = [{ path: 'search/:query/page/:page', element: <NotBuiltYet title="Search results" /> }];
