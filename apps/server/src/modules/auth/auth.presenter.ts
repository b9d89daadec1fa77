import type { CurrentUser } from '@steward/contract/auth';

/** Copies only what the dashboard may see of the signed-in user. */
export const presentCurrentUser = (user: CurrentUser): CurrentUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  theme: user.theme,
  role: user.role,
  capabilities: user.capabilities,
});
