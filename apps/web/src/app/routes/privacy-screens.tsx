/** The Privacy screen (one chunk, loaded by privacy-routes.tsx). */
import { PrivacyScreen } from '../../features/privacy/components/privacy-screen.tsx';

export function PrivacyRoute() {
  return <PrivacyScreen />;
}
