import type { RouteObject } from 'react-router';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { BotSettingsScreen } from '../../features/bot-settings/components/bot-settings-screen.tsx';

function BotSettingsRoute() {
  return <BotSettingsScreen viewer={useSignedInUser()} />;
}

export const botSettingsRoutes: RouteObject[] = [{ path: 'bot-settings', handle: { title: 'Bot Settings' }, element: <BotSettingsRoute /> }];
