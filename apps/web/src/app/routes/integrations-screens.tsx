/** The Integrations screen (one chunk, loaded by integrations-routes.tsx). */
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen.tsx';
import { WeeklyReportOfferCard } from '../../features/weekly-report/components/weekly-report-offer-card.tsx';

export function IntegrationsRoute() {
  return (
    <IntegrationsScreen>
      <WeeklyReportOfferCard />
    </IntegrationsScreen>
  );
}
