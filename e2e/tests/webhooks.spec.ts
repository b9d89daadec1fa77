import http from 'node:http';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from '@steward/contract/webhooks';
import { postBotHelpRequest } from '../support/bot-api.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { flowLooks } from '../support/looks.ts';

// Issue 57 (docs/integrations.md#outbound-webhooks): the Integrations screen's webhook endpoints, light at desktop
// size and dark at phone size (support/looks.ts): an endpoint is added with its events and its secret shown once,
// a help request reaches a receiver on 127.0.0.1 (the e2e server runs with ALLOW_PRIVATE_URLS), its delivery is
// listed, Redeliver sends it again with the same webhook-id, and Edit events changes what it is told of.

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

interface Receiver {
  url: string;
  /** The webhook-ids of the requests whose body holds `marker` (other tests' help requests reach it too). */
  ids: string[];
  close(): Promise<void>;
}

async function startReceiver(marker: string): Promise<Receiver> {
  const ids: string[] = [];
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      if (Buffer.concat(parts).toString('utf8').includes(marker)) ids.push(String(request.headers['webhook-id']));
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The receiver has no port.');
  return { url: `http://127.0.0.1:${address.port}/steward`, ids, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

for (const [size, viewport, theme] of flowLooks(SIZES)) {
  test(`adds an endpoint, lists its delivery and redelivers it (${theme}, ${size})`, async ({ page, context, request, signIn }) => {
    // Letters only: digits in a visitor's words may be masked as a phone number for an endpoint without personal data.
    const marker = `Webhook ${theme} ${size} ${Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const receiver = await startReceiver(marker);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize(viewport);
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto('/integrations');
      await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      const url = `${receiver.url}/${theme}-${size}-${Date.now()}`;

      // No event chosen: the contract's message.
      await page.getByLabel('URL').fill(url);
      await page.getByLabel('Description (optional)').fill('Ticketing');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(page.getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeVisible();

      // Every event of the contract is offered, the documents', sources' and coverage gaps' among them.
      for (const type of WEBHOOK_EVENT_TYPES) await expect(page.getByLabel(WEBHOOK_EVENT_LABELS[type])).toHaveCount(1);
      await page.getByLabel(/A help request is created/).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = page.getByTestId('new-webhook-secret');
      await expect(secret.getByText(WEBHOOK_MESSAGES.created)).toBeVisible();
      await expect(secret.locator('code').first()).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await page.mouse.move(0, 0);
      await test.step('axe, with the new secret shown', () => expectNoAccessibilityViolations(page));
      await secret.getByRole('button', { name: 'Done' }).click();
      await expect(secret).toHaveCount(0);

      const item = page.getByTestId('webhook-endpoint').filter({ has: page.getByRole('heading', { name: url, exact: true }) });
      await expect(item.locator('.badge').first()).toHaveText('Enabled');

      await postBotHelpRequest(request, { name: 'Ada Visitor', email: 'ada@example.com', message: marker });
      await expect.poll(() => receiver.ids.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

      await item.getByRole('button', { name: 'Deliveries' }).click();
      const delivery = item.getByTestId('webhook-delivery').filter({ hasText: receiver.ids[0] ?? '' });
      await expect(delivery).toContainText('A help request is created');
      await expect(delivery.locator('.badge')).toHaveText('Delivered');
      await expect(delivery).toContainText('received');
      await expect(delivery.locator('code')).toHaveText(receiver.ids[0] ?? '');
      await page.mouse.move(0, 0);
      await test.step('axe, with the deliveries shown', () => expectNoAccessibilityViolations(page));

      await delivery.getByRole('button', { name: `Redeliver ${receiver.ids[0] ?? ''}` }).click();
      await expect(item.getByText(WEBHOOK_MESSAGES.redelivered)).toBeVisible();
      await expect.poll(() => receiver.ids.length, { timeout: 30_000 }).toBe(2);
      expect(receiver.ids[1]).toBe(receiver.ids[0]);

      // Edit events: none chosen is refused; the choice saved shows in the list. (Deliveries folded first: behind the
      // dialog, the phone's scrolling table of deliveries has no control left to reach, which axe reports.)
      await item.getByRole('button', { name: 'Deliveries' }).click();
      await expect(item.getByTestId('webhook-delivery')).toHaveCount(0);
      await item.getByRole('button', { name: `Edit the events of ${url}` }).click();
      const editor = page.getByRole('dialog', { name: `Events of ${url}` });
      await editor.getByLabel(/A help request is created/).uncheck();
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor.getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeVisible();
      await editor.getByLabel(/A document is indexed/).check();
      await editor.getByLabel(/A coverage gap appears/).check();
      await test.step('axe, with the events being edited', () => expectNoAccessibilityViolations(page));
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor).toHaveCount(0);
      await expect(item.getByText('A document is indexed, A coverage gap appears', { exact: true })).toBeVisible();

      // Disable: no more events; delete: gone from the list.
      await item.getByRole('button', { name: `Disable ${url}` }).click();
      await expect(item.locator('.badge').first()).toHaveText('Disabled');
      await item.getByRole('button', { name: `Delete ${url}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(WEBHOOK_MESSAGES.confirmDelete)).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog.getByText(WEBHOOK_MESSAGES.deleted)).toBeVisible();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(item).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });
}
