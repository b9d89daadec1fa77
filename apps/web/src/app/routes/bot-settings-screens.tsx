import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { BotSettingsScreen } from '../../features/bot-settings/components/bot-settings-screen.tsx';

export function BotSettingsRoute() {
  return <BotSettingsScreen viewer={useSignedInUser()} />;
}
