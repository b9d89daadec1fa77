/** The Integrations screen (one chunk, loaded by integrations-routes.tsx). */
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen.tsx';

export function IntegrationsRoute() {
  return <IntegrationsScreen />;
}
