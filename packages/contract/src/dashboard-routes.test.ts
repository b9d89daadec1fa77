import { describe, expect, it } from 'vitest';
import { isDashboardPath } from './dashboard-routes.ts';

describe('isDashboardPath', () => {
  it('knows the dashboard routes, with their parameters and a trailing slash', () => {
    for (const path of ['/', '/home', '/home/', '/history/page/3', '/history/abc-123', '/feedback/page/2/down', '/register/KEY', '/user-accounts/7/change-password', '/search/order%20status/page/1']) {
      expect(isDashboardPath(path), path).toBe(true);
    }
  });

  it('refuses every other path', () => {
    for (const path of ['/no-such-screen', '/wp-admin', '/.env', '/history/page/1/extra', '/user-accounts/7/delete', '/home//x', '/register', '//home']) {
      expect(isDashboardPath(path), path).toBe(false);
    }
  });
});
