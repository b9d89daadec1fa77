import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { StaffAccounts, type StaffUser } from './staff-accounts.ts';

export type { StaffUser };

interface Fixtures {
  /** Creates a fresh staff account through an invitation, as a team does. */
  createStaff: (role: 'admin' | 'viewer', name?: string) => Promise<StaffUser>;
  /** Signs this page's browser context in as a fresh user of the role, through the real login call. */
  signIn: (role: 'admin' | 'viewer', name?: string) => Promise<StaffUser>;
}

interface WorkerFixtures {
  staffAccounts: StaffAccounts;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  staffAccounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
    async ({}, use) => {
      const accounts = new StaffAccounts();
      await use(accounts);
      await accounts.dispose();
    },
    { scope: 'worker' },
  ],
  createStaff: async ({ staffAccounts }, use) => {
    await use((role, name) => staffAccounts.create(role, name));
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

/**
 * Signs in through POST /api/login from a page's (or a browser context's) own request context, so the
 * browser holds the session cookie.
 */
export async function signInAs(owner: { request: APIRequestContext }, user: StaffUser): Promise<void> {
  const answer = await owner.request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(answer.status()).toBe(200);
}

/** Runs axe-core on the page (or only on the elements `include` selects) and fails with the list of violations. */
export async function expectNoAccessibilityViolations(page: Page, include?: string): Promise<void> {
  // A whole page is checked once its own content is there: the shell (banner, sidebar) is drawn before a route's
  // lazy code has loaded, and axe run in between finds no main landmark and no level-one heading.
  if (!include) await expect(page.locator('h1').first()).toBeAttached();
  // A modal fading in is half transparent: axe would measure the contrast of blended colours.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('; ')}`,
    ),
  ).toEqual([]);
}

/**
 * Resizes the page and waits for its layout to follow: the dashboard swaps the sidebar for a drawer on a media
 * query's change event, which the browser fires in its next rendering step, not within the resize; read at once,
 * the page could still be the other width's layout (CI once measured the sidebar beside a 375 px page: 461 px).
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  // Media queries are evaluated and their change events fired before the animation frame's callbacks run.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
}

/** Nothing on the page is wider than the screen (`width`): no sideways scroll. */
export async function expectNoSidewaysPage(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), new URL(page.url()).pathname).toBeLessThanOrEqual(width);
}
