import { canReadInsights } from '@steward/contract/permissions';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { GettingStartedChecklist } from '../../features/getting-started/components/getting-started-checklist.tsx';
import { MedianTimeToFixTile } from '../../features/insights/components/median-time-to-fix-tile.tsx';
import { StatisticsScreen } from '../../features/statistics/components/statistics-screen.tsx';

/**
 * Home (its own chunk, loaded by statistics-routes.tsx): the statistics, with the first-run checklist above them
 * until it is done, and the median time to fix (Insights).
 */
export function HomeScreen() {
  const viewer = useSignedInUser();
  const above = (
    <>
      <GettingStartedChecklist viewer={viewer} />
      {canReadInsights(viewer) ? <MedianTimeToFixTile /> : null}
    </>
  );
  return <StatisticsScreen checklist={above} />;
}
