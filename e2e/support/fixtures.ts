import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface StaffUser {
  id: number;
  name: string;
  email: string;
  password: string;
  role: 'admin' | 'viewer';
}

interface Fixtures {
  /** Creates a fresh staff account (test-only call of the e2e server). */
  createStaff: (role: 'admin' | 'viewer', name?: string) => Promise<StaffUser>;
  /** Signs this page's browser context in as a fresh user of the role, through the real login call. */
  signIn: (role: 'admin' | 'viewer', name?: string) => Promise<StaffUser>;
}

export const test = base.extend<Fixtures>({
  createStaff: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    await use(async (role, name) => {
      const answer = await request.post('/__e2e/users', { data: { role, name } });
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as StaffUser;
    });
    await request.dispose();
  },
  signIn: async ({ page, createStaff }, use) => {
    await use(async (role, name) => {
      const user = await createStaff(role, name);
      await signInAs(page, user);
      return user;
    });
  },
});

export { expect };

/** Signs in through POST /api/login from the page's context, so the browser holds the session cookie. */
export async function signInAs(page: Page, user: StaffUser): Promise<void> {
  const answer = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(answer.status()).toBe(200);
}

/** Runs axe-core on the page and fails with the list of violations. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('; ')}`,
    ),
  ).toEqual([]);
}
