import type { Page } from '@playwright/test';
import { AUDIT_LOG_MESSAGES } from '@steward/contract/audit-log';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { E2E_ASSISTANT_NAME } from '../support/e2e-constants.ts';

// The Audit Log screen (docs/audit-log.md). Other spec files act on the same server at the same
// time, so each test filters the log down to its own fresh administrator.

/** Today in the browser's time zone, as a date input holds it. */
const todayInBrowser = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function addFunFact(page: Page, fact: string): Promise<void> {
  const answer = await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact, url: 'https://example.com/fact' }] } });
  expect(answer.status()).toBe(200);
}

const auditTable = (page: Page) => page.getByRole('table');
const rowsWith = (page: Page, text: string) => auditTable(page).getByRole('row').filter({ hasText: text });

test.describe('audit log', () => {
  test('an administrator opens it from the sidebar, sees their own action, filters it and follows a row to its object', async ({ page, signIn }) => {
    const admin = await signIn('admin', `Audra Auditor ${Date.now()}`);
    const fact = `Audited fact ${Date.now()}`;
    await addFunFact(page, fact);

    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    await expect(page).toHaveTitle(`Audit Log · ${E2E_ASSISTANT_NAME} Owner Dashboard`);
    await expect(auditTable(page).getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Object', 'IP']);

    // Person: only this administrator's entries, newest first: the fun fact, then the two sign-ins
    // (the test's account helper signs in once to learn the new account's id).
    await page.getByLabel('Person').selectOption({ label: `${admin.name} (${admin.email})` });
    await expect(page).toHaveURL(new RegExp(`/audit-log\\?person=${admin.id}$`));
    const factRow = rowsWith(page, fact);
    await expect(factRow).toContainText('Added a fun fact');
    await expect(factRow).toContainText(admin.name);
    await expect(rowsWith(page, 'Signed in')).toHaveCount(2);
    await expect(rowsWith(page, 'Registered from an invitation')).toHaveCount(1);
    await expect(auditTable(page).locator('tbody tr').first()).toContainText('Added a fun fact');

    // Action, kept in the URL across a reload.
    await page.getByLabel('Action').selectOption({ label: 'Signed in' });
    await expect(page).toHaveURL(new RegExp(`person=${admin.id}&action=sign_in$`));
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('sign_in');
    await expect(auditTable(page).locator('tbody tr')).toHaveCount(2);
    await expect(rowsWith(page, 'Signed in').first()).toContainText('method: password');

    // Dates: from tomorrow nothing matches; today does. Back returns to the earlier filters.
    const today = await todayInBrowser(page);
    await page.getByLabel('From').fill(dayAfter(today));
    await expect(page.getByText(AUDIT_LOG_MESSAGES.noMatches)).toBeVisible();
    await page.getByLabel('From').fill(today);
    await expect(rowsWith(page, 'Signed in')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`from=${today}$`));
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`person=${admin.id}&action=sign_in$`));
    await expect(page.getByLabel('From')).toHaveValue('');

    // A row links to its object: the fun fact to Bot Settings, the account to its own screen.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await page.getByLabel('Person').selectOption({ label: `${admin.name} (${admin.email})` });
    await rowsWith(page, 'Signed in').first().getByRole('link', { name: admin.name }).click();
    await expect(page).toHaveURL(new RegExp(`/user-accounts/${admin.id}$`));
    await page.goBack();
    await rowsWith(page, fact).getByRole('link', { name: fact }).click();
    await expect(page).toHaveURL(/\/bot-settings$/);
  });

  test('pages keep the filters', async ({ page, signIn }) => {
    const admin = await signIn('admin');
    for (let index = 0; index < 31; index += 1) await addFunFact(page, `Paged fact ${index} ${Date.now()}`);
    await page.goto(`/audit-log?person=${admin.id}&action=fun_fact_added`);
    await expect(auditTable(page).locator('tbody tr')).toHaveCount(30);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/audit-log/page/2\\?person=${admin.id}&action=fun_fact_added$`));
    await expect(auditTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(page.getByLabel('Action')).toHaveValue('fun_fact_added');
  });

  test('a viewer has no entry, and /audit-log sends them home as other forbidden screens do', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Bot Settings' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/audit-log');
    await expect(page).toHaveURL(/\/home$/);
    const answer = await page.request.post('/api/audit-log/0', { data: {} });
    expect(answer.status()).toBe(403);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violations in the ${theme} theme`, async ({ page, signIn }) => {
      const admin = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: admin.id, theme } });
      await page.goto(`/audit-log?person=${admin.id}`);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(rowsWith(page, 'Signed in').first()).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByLabel('Action').selectOption({ label: 'Deleted a user' });
      await expect(page.getByText(AUDIT_LOG_MESSAGES.noMatches)).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  }
});
