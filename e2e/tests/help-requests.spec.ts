import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { E2E_BOT_API_KEY } from '../support/e2e-constants.ts';

interface SeededHelpRequest {
  id: number;
  name: string;
  email: string;
  message: string;
}

let seedCounter = 0;

/** Stores a help request the way the chatbot does: through the bot API with its key. */
async function seedHelpRequest(request: APIRequestContext, fields: Record<string, unknown> = {}): Promise<SeededHelpRequest> {
  seedCounter += 1;
  // Led by a letter: a bare 13-digit timestamp passes the Luhn check one time in ten and is masked as a card.
  const marker = `t${Date.now()}-${seedCounter}`;
  const body = {
    name: `Visitor ${marker}`,
    email: `visitor-${marker}@example.com`,
    message: `Please help with order ${marker}`,
    ...fields,
  };
  const answer = await request.post('/api/bot/help-requests', { data: body, headers: { authorization: `Bearer ${E2E_BOT_API_KEY}` } });
  expect(answer.status()).toBe(200);
  const id = ((await answer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id ?? 0;
  return { id, name: body.name, email: body.email, message: body.message };
}

/** Resolves through the staff call, with the page's signed-in session. */
async function resolveViaApi(page: Page, id: number): Promise<void> {
  const answer = await page.request.post(`/api/help-requests/${id}/resolve`);
  expect(answer.status()).toBe(200);
}

async function openCount(page: Page): Promise<number> {
  const answer = await page.request.get('/api/all-help-requests-count');
  return ((await answer.json()) as { data: { rows: { total_count: number }[] } }).data.rows[0]?.total_count ?? 0;
}

const sidebarLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Help Requests/ });

test.describe('help requests list', () => {
  test('shows the columns, a seeded request, and opens the detail on a row click', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const seeded = await seedHelpRequest(request);
    await page.goto('/help-requests');
    await expect(page.getByRole('heading', { name: 'Help Requests' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Message', 'Name', 'Email', 'Status']);
    const row = page.getByRole('row').filter({ hasText: seeded.name });
    await expect(row.getByRole('cell')).toHaveText([String(seeded.id), seeded.message, seeded.name, seeded.email, 'Pending']);
    await row.getByRole('cell', { name: seeded.email }).click();
    await expect(page).toHaveURL(`/help-requests/${seeded.id}`);
    await expect(page.getByRole('heading', { name: 'Help Request', exact: true })).toBeVisible();
    await resolveViaApi(page, seeded.id);
  });

  test('tabs All, Resolved and Pending lead to their routes and filter the rows', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const pending = await seedHelpRequest(request);
    const resolved = await seedHelpRequest(request);
    await resolveViaApi(page, resolved.id);
    await page.goto('/help-requests');
    const tabs = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Resolved' }) }).getByRole('link');
    await expect(tabs).toHaveText(['All', 'Resolved', 'Pending']);
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('href', '/help-requests');
    await expect(page.getByRole('link', { name: 'Resolved', exact: true })).toHaveAttribute('href', '/help-requests/page/1/resolved');
    await expect(page.getByRole('link', { name: 'Pending', exact: true })).toHaveAttribute('href', '/help-requests/page/1/pending');
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row').filter({ hasText: pending.name })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: resolved.name })).toBeVisible();

    await page.getByRole('link', { name: 'Resolved', exact: true }).click();
    await expect(page).toHaveURL('/help-requests/page/1/resolved');
    await expect(page.getByRole('link', { name: 'Resolved', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row').filter({ hasText: resolved.name })).toContainText('Resolved');
    await expect(page.getByRole('row').filter({ hasText: pending.name })).toHaveCount(0);

    await page.getByRole('link', { name: 'Pending', exact: true }).click();
    await expect(page).toHaveURL('/help-requests/page/1/pending');
    await expect(page.getByRole('row').filter({ hasText: pending.name })).toContainText('Pending');
    await expect(page.getByRole('row').filter({ hasText: resolved.name })).toHaveCount(0);

    await page.getByRole('link', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL('/help-requests');
    await resolveViaApi(page, pending.id);
  });

  test('shows 30 per page, newest first, with pagination to the next page of the filter', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const seeded: SeededHelpRequest[] = [];
    for (let index = 0; index < 31; index += 1) seeded.push(await seedHelpRequest(request));
    const newest = seeded.at(-1);
    const oldest = seeded[0];
    if (!newest || !oldest) throw new Error('nothing seeded');

    await page.goto('/help-requests/page/1/pending');
    const bodyRows = page.locator('tbody tr');
    await expect(bodyRows).toHaveCount(30);
    await expect(bodyRows.first()).toContainText(newest.name);
    await expect(page.getByRole('row').filter({ hasText: oldest.name })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/help-requests/page/2/pending');
    await expect(page.getByRole('row').filter({ hasText: oldest.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/help-requests');
    await expect(bodyRows).toHaveCount(30);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/help-requests/page/2');
    await expect(page.getByRole('row').filter({ hasText: oldest.name })).toBeVisible();

    for (const helpRequest of seeded) await resolveViaApi(page, helpRequest.id);
  });

  test('sends an unknown status in the route back to all help requests', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/help-requests/page/1/open');
    await expect(page).toHaveURL('/help-requests');
  });
});

test.describe('help request detail', () => {
  test('shows every field, the time in long US format and a safe origin link', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const seeded = await seedHelpRequest(request, {
      name: 'Grace Hopper',
      message: 'My kettle leaks.\nSecond line.',
      origin_url: 'https://shop.example.com/kettles?id=7',
      user_ip: '81.2.69.160',
      time: '2026-03-04T15:07:00Z',
    });
    await page.goto(`/help-requests/${seeded.id}`);
    const field = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
    await expect(page.getByRole('term')).toHaveText(['Status', 'ID', 'User IP', 'Country', 'Time', 'Name', 'Email Address', 'User Message', 'Origin URL']);
    await expect(field('Status')).toHaveText('Pending');
    await expect(field('ID')).toHaveText(String(seeded.id));
    await expect(field('User IP')).toHaveText('81.2.69.160');
    await expect(field('Country')).toHaveText('United Kingdom (GB)');
    // The browser runs in UTC here; the date is long US format.
    await expect(field('Time')).toHaveText(/^March 4, 2026, \d{1,2}:07 [AP]M$/);
    await expect(field('Name')).toHaveText('Grace Hopper');
    await expect(field('Email Address')).toHaveText(seeded.email);
    await expect(field('User Message')).toHaveText('My kettle leaks.\nSecond line.');
    const origin = field('Origin URL').getByRole('link', { name: 'https://shop.example.com/kettles?id=7' });
    await expect(origin).toHaveAttribute('href', 'https://shop.example.com/kettles?id=7');
    await expect(origin).toHaveAttribute('target', '_blank');
    await expect(origin).toHaveAttribute('rel', 'noopener noreferrer');
    await resolveViaApi(page, seeded.id);
  });

  test('marks as resolved and reopens, with the exact success texts and the sidebar badge following', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const seeded = await seedHelpRequest(request);
    const openBefore = await openCount(page);
    await page.goto(`/help-requests/${seeded.id}`);
    await expect(sidebarLink(page)).toHaveText(`Help Requests${openBefore}`);

    await page.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(page.getByText('You have successfully resolved this help request.', { exact: true })).toBeVisible();
    await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Resolved');
    await expect(page.getByRole('button', { name: 'Reopen Request' })).toBeVisible();
    await expect(sidebarLink(page)).toHaveText(openBefore - 1 > 0 ? `Help Requests${openBefore - 1}` : 'Help Requests');

    await page.getByRole('button', { name: 'Reopen Request' }).click();
    await expect(page.getByText('You have successfully reopened this help request.', { exact: true })).toBeVisible();
    await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Pending');
    await expect(page.getByRole('button', { name: 'Mark as Resolved' })).toBeVisible();
    await expect(sidebarLink(page)).toHaveText(`Help Requests${openBefore}`);
    await resolveViaApi(page, seeded.id);
  });

  test("shows the server's refusal as-is when the request changed elsewhere", async ({ page, signIn, request }) => {
    await signIn('admin');
    const seeded = await seedHelpRequest(request);
    await page.goto(`/help-requests/${seeded.id}`);
    await expect(page.getByRole('button', { name: 'Mark as Resolved' })).toBeVisible();
    await resolveViaApi(page, seeded.id);
    await page.getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect(page.getByRole('alert')).toHaveText('This help request is already resolved.');
    // The stale screen reloads and offers the action that now applies.
    await expect(page.getByRole('button', { name: 'Reopen Request' })).toBeVisible();
  });

  test('Back goes to the list when opened directly, otherwise one step back', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const seeded = await seedHelpRequest(request);
    await page.goto(`/help-requests/${seeded.id}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/help-requests');

    await page.goto('/help-requests/page/1/pending');
    await page.getByRole('link', { name: String(seeded.id), exact: true }).click();
    await expect(page).toHaveURL(`/help-requests/${seeded.id}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/help-requests/page/1/pending');
    await resolveViaApi(page, seeded.id);
  });

  test('shows stored markup in every field as text and never runs it', async ({ page, signIn, request }) => {
    await signIn('viewer');
    const payloads = {
      name: '<img src=x onerror="window.__pwned=1">',
      email: '<svg/onload=window.__pwned=1>@evil.example',
      message: '<script>window.__pwned=1</script><a href="javascript:window.__pwned=1">click</a>',
    };
    // The bot API refuses a javascript: origin outright, so it can never reach the screen.
    const refused = await request.post('/api/bot/help-requests', {
      data: { ...payloads, origin_url: 'javascript:window.__pwned=1' },
      headers: { authorization: `Bearer ${E2E_BOT_API_KEY}` },
    });
    expect(refused.status()).toBe(400);
    const seeded = await seedHelpRequest(request, payloads);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto('/help-requests/page/1/pending');
    const row = page.getByRole('row').filter({ hasText: payloads.email });
    await expect(row).toContainText(payloads.name);
    await row.getByRole('link', { name: String(seeded.id), exact: true }).click();
    await expect(page.locator('dt:text-is("User Message") + dd')).toHaveText(payloads.message);
    await expect(page.locator('dt:text-is("Name") + dd')).toHaveText(payloads.name);
    await expect(page.locator('dt:text-is("Email Address") + dd')).toHaveText(payloads.email);
    // Icons (Tabler's, components/icons.tsx) are decorative and aria-hidden; any other svg would be the payload.
    await expect(page.locator('main img, main svg:not([aria-hidden="true"]), main script')).toHaveCount(0);
    await expect(page.locator('main a[href^="javascript:"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await resolveViaApi(page, seeded.id);
  });

  test('says so for a help request that does not exist', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/help-requests/99999999');
    await expect(page.getByRole('alert')).toHaveText('This help request does not exist.');
  });
});

test.describe('help requests accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`list and detail have no axe violations in the ${theme} theme`, async ({ page, signIn, request }) => {
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      const seeded = await seedHelpRequest(request, { origin_url: 'https://shop.example.com/', user_ip: '8.8.8.8' });
      await page.goto('/help-requests');
      await expect(page.getByRole('row').filter({ hasText: seeded.name })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expectNoAccessibilityViolations(page);
      await page.goto(`/help-requests/${seeded.id}`);
      await expect(page.getByRole('button', { name: 'Mark as Resolved' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await resolveViaApi(page, seeded.id);
    });
  }
});
