import type { CurrentUser } from '@steward/contract/auth';
import type { SessionUser } from '../../plugins/session.ts';

/** Copies only what the dashboard may see of the signed-in user. */
export const presentCurrentUser = (user: SessionUser): CurrentUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  theme: user.theme,
  role: user.role,
  capabilities: user.capabilities,
});
