/** The search results screen (its own chunk, loaded by search-routes.tsx). */
export { SearchResultsScreen } from '../../features/search/components/search-results-screen.tsx';
