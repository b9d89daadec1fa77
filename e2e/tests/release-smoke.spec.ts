import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { screensBudget } from '../support/slowdown.ts';

/**
 * A release cannot pass without this: on the shipped build, a person opens the dashboard, logs in,
 * visits every sidebar screen, switches the theme and logs out, and the browser sees no console
 * error, no failed request and no error answer for any file of the dashboard.
 */
interface Problems {
  list: string[];
}

function watchForProblems(page: Page): Problems {
  const problems: Problems = { list: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedSignedOutCheck(message.text(), message.location().url)) {
      problems.list.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.list.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.list.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() < 400) return;
    // Before login, the dashboard asks who is signed in and is told 401: that is how it learns it must show Login.
    if (path === '/api/authenticate-user' && response.status() === 401) return;
    problems.list.push(`answer ${response.status()}: ${response.request().method()} ${path}`);
  });
  return problems;
}

/** Chromium logs a 401 answer as "Failed to load resource"; only the signed-out check may cause one. */
const isExpectedSignedOutCheck = (text: string, url: string) =>
  text.includes('status of 401') && (url === '' || new URL(url).pathname === '/api/authenticate-user');

const SCREENS = [
  { entry: 'Home', url: /\/home$/ },
  { entry: 'History', url: /\/history$/, heading: 'History' },
  { entry: 'Feedback', url: /\/feedback$/, heading: 'Feedback' },
  { entry: 'Help Requests', url: /\/help-requests$/, heading: 'Help Requests' },
  { entry: 'Documents', url: /\/documents$/, heading: 'Documents' },
  { entry: 'Inform the Bot', url: /\/inform-the-bot$/, heading: 'Inform the Bot' },
  { entry: 'Bot Settings', url: /\/bot-settings$/, heading: 'Bot Settings' },
  { entry: 'User Accounts', url: /\/user-accounts$/, heading: 'User Accounts' },
  { entry: 'Audit Log', url: /\/audit-log$/, heading: 'Audit Log' },
  { entry: 'Insights', url: /\/insights$/, heading: 'Insights' },
  { entry: 'Integrations', url: /\/integrations$/, heading: 'Integrations' },
];

test('the shipped dashboard: login, every sidebar screen, theme, logout, with no errors', async ({ page }) => {
  test.setTimeout(screensBudget(SCREENS.length));
  const problems = watchForProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);

  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const screen of SCREENS) {
    await sidebar.getByRole('link', { name: screen.entry }).click();
    await expect(page).toHaveURL(screen.url);
    if (screen.heading) await expect(page.getByRole('main').getByRole('heading', { name: screen.heading, exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  const html = page.locator('html');
  const before = await html.getAttribute('data-bs-theme');
  const after = before === 'dark' ? 'light' : 'dark';
  await sidebar.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', after);
  await sidebar.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', before ?? 'light');
  await page.waitForLoadState('networkidle');

  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems.list).toEqual([]);
});
