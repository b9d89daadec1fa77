import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { GettingStartedChecklist } from '../../features/getting-started/components/getting-started-checklist.tsx';
import { StatisticsScreen } from '../../features/statistics/components/statistics-screen.tsx';

/** Home (its own chunk, loaded by statistics-routes.tsx): the statistics, with the first-run checklist above them until it is done. */
export function HomeScreen() {
  const viewer = useSignedInUser();
  return <StatisticsScreen checklist={<GettingStartedChecklist viewer={viewer} />} />;
}
