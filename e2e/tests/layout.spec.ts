import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, signInAs, type StaffUser, test } from '../support/fixtures.ts';
import { E2E_ASSISTANT_NAME } from '../support/e2e-constants.ts';
import { screensBudget } from '../support/slowdown.ts';

/**
 * The open help request count is global: other spec files seed help requests in parallel, so tests
 * about the sidebar's entries answer the count themselves (help-requests.spec.ts tests the real badge).
 */
const withNoOpenHelpRequests = (page: Page) =>
  page.route('**/api/all-help-requests-count', (route) => route.fulfill({ json: { success: true, data: { rows: [{ total_count: 0 }] } } }));

// The spec's entries in its order, then Insights (issue 40), Integrations (issue 57) and Sign-in security (issue 56), outside the spec, last.
const ADMIN_ENTRIES = ['Home', 'History', 'Feedback', 'Help Requests', 'Documents', 'Inform the Bot', 'Bot Settings', 'User Accounts', 'Audit Log', 'Insights', 'Integrations', 'Sign-in security'];

/** The collapsed rail: every entry an icon with its name (accessible and in a tooltip), nothing clipped. */
async function expectRailShape(page: Page) {
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const entry of ADMIN_ENTRIES) await expect(sidebar.getByRole('link', { name: new RegExp(`^${entry}`) })).toBeVisible();
  await expect(sidebar.getByLabel('3 open help requests')).toBeVisible();
  await expect(sidebar.getByRole('switch', { name: 'Dark mode' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
  // No visible text is left in the rail besides the badge: no single letters, no "Dark mode" or "Logout".
  const railText = await sidebar.evaluate((nav) => {
    const copy = nav.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[role=tooltip]').forEach((tooltip) => tooltip.remove());
    return copy.textContent;
  });
  expect(railText.replace(/Home|History|Feedback|Help Requests|Documents|Inform the Bot|Bot Settings|User Accounts|Audit Log|Insights|Integrations|Sign-in security/g, '')).toBe('3');
  for (const label of await sidebar.getByRole('link').locator('span:not(.badge)').all()) await expect(label).toHaveClass(/visually-hidden/);
  const railBox = await sidebar.boundingBox();
  expect(await sidebar.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
  for (const control of await sidebar.locator('a, button, [role=switch]').all()) {
    const box = await control.boundingBox();
    expect(box && railBox && box.x >= railBox.x && box.x + box.width <= railBox.x + railBox.width).toBe(true);
  }
  await sidebar.getByRole('link', { name: 'History' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('History');
}

test.describe('layout', () => {
  test('shows the assistant name in the top bar', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    await expect(page.getByRole('banner')).toContainText(`${E2E_ASSISTANT_NAME} Owner Dashboard`);
  });

  test('gives an administrator every sidebar entry in the spec order', async ({ page, signIn }) => {
    await signIn('admin');
    await withNoOpenHelpRequests(page);
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link')).toHaveText(ADMIN_ENTRIES);
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(sidebar.getByRole('switch', { name: 'Dark mode' })).toBeVisible();
  });

  test('gives a viewer the entries of the viewer capabilities', async ({ page, signIn }) => {
    await signIn('viewer');
    await withNoOpenHelpRequests(page);
    await page.goto('/home');
    // The default viewer role holds read_documents, read_inform_the_bot and read_user_accounts, not read_audit_log; Integrations and Sign-in security are administrators'.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(ADMIN_ENTRIES.filter((entry) => entry !== 'Audit Log' && entry !== 'Integrations' && entry !== 'Sign-in security'));
  });

  test('collapses to an icon rail that keeps every name, the badge and the controls, and remembers it', async ({ page, signIn }) => {
    await signIn('admin');
    await page.route('**/api/all-help-requests-count', (route) => route.fulfill({ json: { success: true, data: { rows: [{ total_count: 3 }] } } }));
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveClass(/sidebar-collapsed/);
    await expectRailShape(page);

    await page.reload();
    await expect(sidebar).toHaveClass(/sidebar-collapsed/);
    await expectRailShape(page);

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar).not.toHaveClass(/sidebar-collapsed/);
    await page.reload();
    await expect(sidebar).not.toHaveClass(/sidebar-collapsed/);
    await expect(sidebar.getByRole('link', { name: 'History' })).toHaveText('History');
  });

  test('hides the help request badge when nothing is open', async ({ page, signIn }) => {
    await signIn('viewer');
    await withNoOpenHelpRequests(page);
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Help Requests' })).toHaveText('Help Requests');
  });
});

/** Every screen names itself and the dashboard: one test per screen, one administrator signed in for them all. */
test.describe('document titles', () => {
  for (const [path, title] of [['/', 'Login'], ['/reset-password', 'Forgot Password']] as const) {
    test(`${path} is titled ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · ${E2E_ASSISTANT_NAME} Owner Dashboard`);
    });
  }

  test.describe('signed in', () => {
    const screens = (user: { id: number | string }): [string, string][] => [
      ['/home', 'Home'],
      ['/history', 'History'],
      ['/history/page/2', 'History'],
      ['/feedback', 'Feedback'],
      ['/help-requests', 'Help Requests'],
      ['/documents', 'Documents'],
      ['/inform-the-bot', 'Inform the Bot'],
      ['/bot-settings', 'Bot Settings'],
      ['/user-accounts', 'User Accounts'],
      ['/user-accounts/add', 'Add User'],
      [`/user-accounts/${user.id}`, 'User Details'],
      [`/user-accounts/${user.id}/change-password`, 'Change Password'],
      ['/search/anything/page/1', 'Search Results'],
      ['/audit-log', 'Audit Log'],
      ['/audit-log/page/2', 'Audit Log'],
      ['/insights', 'Insights'],
      ['/integrations', 'Integrations'],
      ['/sign-in-security', 'Sign-in security'],
    ];
    // One administrator's page for all of them, as a person moving through the dashboard.
    let user: StaffUser;
    let page: Page;
    test.beforeAll(async ({ browser, staffAccounts }) => {
      user = await staffAccounts.create('admin');
      page = await browser.newPage();
      await signInAs(page, user);
    });
    test.afterAll(() => page?.context().close());

    for (const [index, [route, title]] of screens({ id: ':id' }).entries()) {
      test(`${route} is titled ${title}`, async () => {
        await page.goto(screens(user)[index]?.[0] ?? route);
        await expect(page).toHaveTitle(`${title} · ${E2E_ASSISTANT_NAME} Owner Dashboard`);
      });
    }

    test('in-app navigation changes it too', async () => {
      await page.goto('/home');
      await expect(page).toHaveTitle(`Home · ${E2E_ASSISTANT_NAME} Owner Dashboard`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback' }).click();
      await expect(page).toHaveTitle(`Feedback · ${E2E_ASSISTANT_NAME} Owner Dashboard`);
    });
  });
});

test.describe('keyboard', () => {
  test('the first Tab reaches a visible skip link that moves focus to the screen', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/history$/);
  });

  test('sidebar entries show a focus ring when reached with the keyboard', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
    await expect(home).toBeVisible();
    for (let presses = 0; presses < 10 && !(await home.evaluate((link) => link === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(home).toBeFocused();
    expect(await home.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid');
  });
});

test.describe('theme', () => {
  test('is saved on every change and comes back after a reload and in a fresh browser', async ({ page, browser, signIn, baseURL }) => {
    const user = await signIn('viewer');
    await page.goto('/home');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-bs-theme', 'light');
    await expect(html).toHaveClass(/light-mode/);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/change-theme'));
    await page.getByRole('switch', { name: 'Dark mode' }).check();
    expect((await saved).status()).toBe(200);
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await expect(html).not.toHaveClass(/light-mode/);

    await page.reload();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');

    const freshContext = await browser.newContext({ baseURL });
    const freshPage = await freshContext.newPage();
    await signInAs(freshPage, user);
    await freshPage.goto('/home');
    await expect(freshPage.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await freshContext.close();
  });
});

test.describe('code splitting', () => {
  test('the login screen loads none of the signed-in screens; the first one loads the layout with it', async ({ page, createStaff }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(scripts.filter((script) => /dashboard-layout|-screens-/.test(script))).toEqual([]);

    const user = await createStaff('viewer');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(scripts.some((script) => script.includes('dashboard-layout'))).toBe(true);
    expect(scripts.some((script) => script.includes('statistics-screens'))).toBe(true);
  });
});

test.describe('a screen whose script cannot be loaded', () => {
  test('shows the load error of type missing with a Reload that brings the screen', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // As after a deployment that replaced the scripts: the Bot Settings chunk is gone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bot Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText(/could not be loaded \(missing\)/)).toBeVisible();
    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(/\/bot-settings$/);
    await expect(page.getByRole('heading', { name: 'Bot Settings' })).toBeVisible();
  });
});

test.describe('theme before first paint', () => {
  test('the remembered dark theme is on <html> before the bundle runs, within the CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.addInitScript(() => window.localStorage.setItem('steward.theme', 'dark'));
    // Without the bundle, only the small script in <head> can have set the theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expect(page.locator('html')).not.toHaveClass(/light-mode/);
    // Tabler's dark page (its gray-900), not the light one.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('oklch(0.2046 0 0)');
    expect(violations.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
  });
});

test.describe('no white flash on navigation', () => {
  test('a dark user moving through every screen never sees a light background, even while a screen downloads', async ({ page, signIn }) => {
    test.setTimeout(screensBudget(ADMIN_ENTRIES.length));
    const user = await signIn('admin');
    await page.request.post('/api/user/change-theme', { data: { id: user.id, theme: 'dark' } });
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    // Each screen's code arrives late, as on a slow line: the fallback shown meanwhile must be dark too.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    // On every frame, the background actually painted behind the page, the top bar and the main area.
    await page.evaluate(() => {
      const samples: string[] = [];
      const painted = (element: Element | null): string => {
        for (let node = element; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      const sample = () => {
        for (const element of [document.body, document.querySelector('header'), document.querySelector('main')]) samples.push(painted(element));
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      (window as unknown as { backgroundSamples: string[] }).backgroundSamples = samples;
    });
    // By position: an entry's text holds its badge count, which other tests change meanwhile.
    const entries = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    const count = await entries.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index += 1) {
      await entries.nth(index).click();
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
    }
    const samples = await page.evaluate(() => (window as unknown as { backgroundSamples: string[] }).backgroundSamples);
    expect(samples.length).toBeGreaterThan(30);
    const light = samples.filter((colour) => {
      const [red = 0, green = 0, blue = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255 > 0.35;
    });
    expect([...new Set(light)]).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`login screen has no axe violations in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem('steward.theme', value), theme);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expectNoAccessibilityViolations(page);
    });

    test(`the collapsed rail has no axe violations in the ${theme} theme`, async ({ page, signIn }) => {
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.addInitScript(() => window.localStorage.setItem('steward.sidebar-collapsed', 'true'));
      await page.goto('/home');
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveClass(/sidebar-collapsed/);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await page.getByRole('link', { name: 'Feedback' }).focus();
      await expect(page.getByRole('tooltip')).toHaveText('Feedback');
      await expectNoAccessibilityViolations(page);
    });

    test(`home screen has no axe violations in the ${theme} theme`, async ({ page, signIn }) => {
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  }
});
