import type { RouteObject } from 'react-router';
import { SearchResultsScreen } from '../../features/search/components/search-results-screen.tsx';

export const searchRoutes: RouteObject[] = [{ path: 'search/:query/page/:page', handle: { title: 'Search Results' }, element: <SearchResultsScreen /> }];
