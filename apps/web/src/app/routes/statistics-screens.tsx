/** The home screen with its charts (its own chunk, loaded by statistics-routes.tsx). */
export { StatisticsScreen } from '../../features/statistics/components/statistics-screen.tsx';
