import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A test file's own app and an administrator signed in to it, made before the file's tests and closed after
 * them. Read `app` and `admin` inside the tests: they are set by then.
 */
export function testAppWithAdmin(): { app: TestApp; admin: ApiClient } {
  const suite = {} as { app: TestApp; admin: ApiClient };
  beforeAll(async () => {
    suite.app = await createTestApp();
    ({ client: suite.admin } = await suite.app.signedInClient('admin'));
  });
  afterAll(() => suite.app.close());
  return suite;
}
