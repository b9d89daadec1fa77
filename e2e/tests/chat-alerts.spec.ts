import http from 'node:http';
import { WEBHOOK_MESSAGES } from '@steward/contract/webhooks';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { flowLooks } from '../support/looks.ts';

// Issue 57 (docs/integrations.md#slack-and-microsoft-teams): a Slack endpoint added on the Integrations screen, light
// at desktop size and dark at phone size (support/looks.ts); "Send a test message" reaches a receiver on 127.0.0.1 standing in for
// hooks.slack.com (the e2e server runs with ALLOW_PRIVATE_URLS) and the screen says what it answered.

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

interface SlackReceiver {
  url: string;
  /** The Block Kit bodies received. */
  messages: { text?: string; blocks?: { type: string }[] }[];
  /** What it answers (Slack answers a revoked URL 403 `invalid_token`). */
  status: number;
  close(): Promise<void>;
}

async function startSlackReceiver(): Promise<SlackReceiver> {
  const receiver: SlackReceiver = { url: '', messages: [], status: 200, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      receiver.messages.push(JSON.parse(Buffer.concat(parts).toString('utf8')) as SlackReceiver['messages'][number]);
      const { status } = receiver;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'invalid_token');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The receiver has no port.');
  receiver.url = `http://127.0.0.1:${address.port}/services`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

for (const [size, viewport, theme] of flowLooks(SIZES)) {
  test(`adds a Slack endpoint and sends it a test message (${theme}, ${size})`, async ({ page, signIn }) => {
    const receiver = await startSlackReceiver();
    try {
      await page.setViewportSize(viewport);
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      await page.goto('/integrations');
      await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      const url = `${receiver.url}/${theme}-${size}-${Date.now()}`;

      await page.getByLabel('Kind').selectOption('slack');
      // A Slack endpoint offers the chat alerts only.
      await expect(page.getByLabel(/A correction is approved/)).toHaveCount(0);
      await page.getByLabel('URL').fill(url);
      await page.getByLabel(/A help request is created/).check();
      await page.getByLabel(/An answer gets a thumbs down/).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(page.getByText(WEBHOOK_MESSAGES.chatCreated)).toBeVisible();
      await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0);

      const item = page.getByTestId('webhook-endpoint').filter({ has: page.getByRole('heading', { name: url, exact: true }) });
      await expect(item).toContainText('Slack message');
      await expect(item.getByRole('button', { name: `Rotate the secret of ${url}` })).toHaveCount(0);
      await item.getByRole('button', { name: 'Send a test message' }).click();
      await expect(item.getByRole('status')).toHaveText(`${WEBHOOK_MESSAGES.testMessageSent} 200.`);
      // The endpoint takes help-request alerts too, and tests running beside this one create help requests.
      const tests = receiver.messages.filter((message) => message.text?.startsWith('Test message from '));
      expect(tests).toHaveLength(1);
      expect(tests[0]?.blocks?.map((block) => block.type)).toEqual(['header', 'section', 'actions']);
      await page.mouse.move(0, 0);
      await test.step('axe, with the test message’s outcome shown', () => expectNoAccessibilityViolations(page));

      await item.getByRole('button', { name: `Delete ${url}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(item).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });
}

// The refusal in one theme and size: the outcome is the same text in every theme.
test('says what Slack answered when it refuses the test message (light, desktop)', async ({ page, signIn }) => {
  const receiver = await startSlackReceiver();
  receiver.status = 403;
  try {
    await signIn('admin');
    await page.goto('/integrations');
    const url = `${receiver.url}/refused-${Date.now()}`;
    await page.getByLabel('Kind').selectOption('slack');
    await page.getByLabel('URL').fill(url);
    await page.getByLabel(/A help request is created/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const item = page.getByTestId('webhook-endpoint').filter({ has: page.getByRole('heading', { name: url, exact: true }) });
    await item.getByRole('button', { name: 'Send a test message' }).click();
    await expect(item.getByRole('status')).toHaveText(`${WEBHOOK_MESSAGES.testMessageFailed} HTTP 403, invalid_token.`);
    await item.getByRole('button', { name: `Delete ${url}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(item).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
