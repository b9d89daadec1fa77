import type { RouteObject } from 'react-router';
import { SearchResultsScreen } from '../../features/search/components/search-results-screen.tsx';

export const searchRoutes: RouteObject[] = [{ path: 'search/:query/page/:page', element: <SearchResultsScreen /> }];
