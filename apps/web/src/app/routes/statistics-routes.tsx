import type { RouteObject } from 'react-router';
import { StatisticsScreen } from '../../features/statistics/components/statistics-screen.tsx';

export const statisticsRoutes: RouteObject[] = [{ path: 'home', handle: { title: 'Home' }, element: <StatisticsScreen /> }];
