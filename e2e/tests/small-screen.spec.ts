import type { Page } from '@playwright/test';
import { postBotMessage, uniqueSessionId } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

/** A phone (iPhone SE): below 768 px the sidebar is a drawer opened from the top bar. */
test.use({ viewport: { width: 375, height: 667 } });

/** Nothing on the page is wider than the screen (a wide table scrolls inside its own box). */
const expectNoSidewaysPage = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), new URL(page.url()).pathname).toBeLessThanOrEqual(375);

const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer;
};

test.describe('small screens (375×667)', () => {
  test('login, a list from the drawer, a detail and back', async ({ page, createStaff, request }) => {
    await postBotMessage(request, { session_id: uniqueSessionId('phone'), user_message: 'A question asked from a phone', api_response: 'An answer' });
    const user = await createStaff('admin');

    await page.goto('/');
    await expectNoSidewaysPage(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expectNoSidewaysPage(page);
    // The whole brand shows (the search takes a row of its own), and the search box fits the screen.
    const brand = page.getByRole('banner').getByRole('link', { name: /Owner Dashboard$/ });
    expect(await brand.evaluate((link) => link.scrollWidth <= link.clientWidth && link.scrollHeight <= link.clientHeight)).toBe(true);
    const searchBox = await page.getByRole('combobox', { name: 'Search' }).boundingBox();
    expect(searchBox?.width).toBeGreaterThan(300);

    const drawer = await openMenu(page);
    await drawer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(drawer).toBeHidden();
    // Other spec files add history in parallel, so the seeded exchange may not be on page 1: open the first row.
    const row = page.locator('tbody tr.clickable-row').first();
    await expect(row).toBeVisible();
    // Each row is a card of its labelled cells (lists-on-phones.spec.ts): nothing scrolls sideways, not even the list.
    expect(await page.locator('.table-responsive').first().evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await expectNoSidewaysPage(page);

    await row.click();
    await expect(page).toHaveURL(/\/history\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Chat Session' })).toBeVisible();
    await expectNoSidewaysPage(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/history$/);
  });

  test('a form: add a user and see the invitation sent', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/user-accounts/add');
    await page.getByLabel('Name').fill('Phone Invitee');
    await page.getByLabel('Email Address').fill(`phone-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByRole('dialog').getByText('Invitation has been sent!')).toBeVisible();
    await expectNoSidewaysPage(page);
  });

  test('no list widens the page, not even by its visually hidden column headers', async ({ page, signIn }) => {
    await signIn('admin');
    // A fact with a word longer than the screen is wide (as stored markup makes): it wraps inside its card.
    const longWord = `href="javascript:void(window.__probe='${'x'.repeat(40)}')">`;
    const added = await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact: `a phone wraps ${longWord}`, url: 'https://example.com/fact' }] } });
    expect(added.status()).toBe(200);
    for (const path of ['/history', '/feedback', '/help-requests', '/user-accounts', '/documents', '/inform-the-bot', '/bot-settings', '/audit-log']) {
      await page.goto(path);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectNoSidewaysPage(page);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`a chat session reads as a conversation, each row's cells stacked and still a table (${theme})`, async ({ page, signIn, request }) => {
      const sessionId = uniqueSessionId('phone-chat');
      const origin = 'https://www.example.com/products/a-page-whose-address-is-longer-than-a-phone-is-wide';
      await postBotMessage(request, {
        session_id: sessionId,
        user_message: 'How do I connect it to Wi-Fi?',
        api_response: '<p>Hold the power button for 5 seconds.</p>',
        source_docs: [{ metadata: { filename: 'wifi-setup.pdf', source_url: 'https://www.example.com/wifi-setup.pdf' } }],
        origin,
      });
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto(`/history/${sessionId}`);
      await expect(page.getByRole('heading', { name: 'Chat Session' })).toBeVisible();

      // Nothing scrolls sideways: the cells are stacked, not squeezed into 40rem of columns.
      const table = page.getByRole('table');
      expect(await page.locator('.table-responsive').evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
      const sender = table.getByRole('rowheader', { name: 'User' });
      const message = table.getByRole('cell', { name: 'How do I connect it to Wi-Fi?' });
      const [senderBox, messageBox] = [await sender.boundingBox(), await message.boundingBox()];
      expect(senderBox && messageBox && messageBox.y >= senderBox.y + senderBox.height - 1, 'the message under its sender').toBe(true);
      await expect(table.getByRole('link', { name: origin })).toBeInViewport();
      await expect(table.getByRole('link', { name: 'wifi-setup.pdf' })).toBeVisible();

      // Shown as blocks, the table keeps its roles and headers for screen readers.
      await expect(table.getByRole('columnheader')).toHaveText(['Sender', 'Message', 'Source Documents', 'Origin URL']);
      await expect(table.getByRole('row')).toHaveCount(3);
      await expectNoSidewaysPage(page);
      await expectNoAccessibilityViolations(page);
    });
  }

  test('the drawer has the theme switch and logout, and closes with Escape', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/home');
    const drawer = await openMenu(page);
    await expect(drawer.getByRole('switch', { name: 'Dark mode' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the open drawer has no axe violations in the ${theme} theme`, async ({ page, signIn }) => {
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await openMenu(page);
      await expectNoAccessibilityViolations(page);
    });
  }
});
