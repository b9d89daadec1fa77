import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { CHAT_HELP_REQUEST_TEXTS, CHAT_TEXTS } from '@steward/contract/chat-constants';
import { addDocument, settledDocument, textUpload, unique } from '../support/documents.ts';
import { E2E_BASE_URL } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, signInAs, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';
import { startWidgetHost, type WidgetHost } from '../support/widget-host.ts';

/**
 * The chat widget on a customer's site: a page of another origin (support/widget-host.ts, allowed by
 * the e2e server's BOT_ALLOWED_ORIGINS) loads `${E2E_BASE_URL}/widget.js`, and a visitor talks to the
 * real bot through it, while staff see the results in the dashboard.
 */
let host: WidgetHost;
test.beforeAll(async () => {
  host = await startWidgetHost();
});
test.afterAll(async () => {
  await host.close();
});

let visitorCounter = 0;
/**
 * A visitor's own browser. Each comes from its own address (set on its chat calls as the proxy the
 * server trusts on loopback would; set by interception, so it is no header of the page's and needs no
 * CORS permission), as visitors do, so the chat's per-address rate limit counts each test apart.
 */
async function visitorContext(browser: Browser, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  visitorCounter += 1;
  const address = `198.19.${process.pid % 250}.${(visitorCounter % 250) + 1}`;
  const context = await browser.newContext(options);
  await context.route(`${E2E_BASE_URL}/api/chat/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
  return context;
}

const launcher = (page: Page, name = 'Chat with us') => page.getByRole('button', { name, exact: true });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Chat with us' });
const questionBox = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Your question' });
const answers = (page: Page) => chatPanel(page).locator('.message.bot:has(.answer)');

async function openChat(page: Page): Promise<Locator> {
  await launcher(page).click();
  await expect(chatPanel(page)).toBeVisible();
  return chatPanel(page);
}

/** Asks through the panel and waits for the answer's bubble. */
async function askInWidget(page: Page, question: string): Promise<Locator> {
  const before = await answers(page).count();
  await questionBox(page).fill(question);
  await chatPanel(page).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answers(page)).toHaveCount(before + 1, { timeout: scaled(20_000) });
  return answers(page).last();
}

/** A document only this test knows, indexed, uploaded by a signed-in administrator's page. */
async function indexedDocument(adminPage: Page) {
  const tag = unique('Zephyrine').replaceAll(' ', '');
  const title = `Kettle manual ${tag}`;
  const sourceUrl = `https://acme.example.com/manuals/${encodeURIComponent(tag)}.txt`;
  const text = [
    `The ${tag} kettle boils one litre of water in 97 seconds.`,
    `Descale the ${tag} kettle every month with white vinegar, then rinse it twice with clean water.`,
    `The ${tag} kettle switches itself off when it is empty.`,
  ].join('\n\n');
  const document = await addDocument(adminPage, textUpload(`${tag}.txt`, text), { title, source_url: sourceUrl });
  expect((await settledDocument(adminPage, document.id)).status).toBe('completed');
  return { tag, title, sourceUrl };
}

test.describe('the chat widget on another site', () => {
  test('answers with a source link; a thumbs down reaches Feedback; a correction approved by a second person answers next time', async ({
    page,
    browser,
    baseURL,
    signIn,
    createStaff,
  }) => {
    test.setTimeout(scaled(150_000));
    await signIn('admin');
    const manual = await indexedDocument(page);

    const visitor = await visitorContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(host.url());
    await openChat(visitorPage);
    const question = `How long does the ${manual.tag} kettle take to boil water?`;
    const asked = visitorPage.waitForResponse((response) => response.url().endsWith('/api/chat/ask'));
    const answer = await askInWidget(visitorPage, question);
    // The widget asks for the streamed answer (Server-Sent Events read from fetch's body).
    expect((await asked).headers()['content-type']).toContain('text/event-stream');
    await expect(answer.locator('.answer')).toContainText('97 seconds');
    const sourceLink = answer.getByRole('link', { name: manual.title });
    await expect(sourceLink.first()).toHaveAttribute('href', manual.sourceUrl);
    await expect(sourceLink.first()).toHaveAttribute('target', '_blank');
    await expect(sourceLink.first()).toHaveAttribute('rel', /noopener/);

    await answer.getByRole('button', { name: 'Thumbs down' }).click();
    const reasons = answer.getByRole('form', { name: 'What was wrong with it?' });
    await reasons.getByRole('checkbox', { name: 'Incorrect' }).check();
    await reasons.getByRole('textbox', { name: 'Tell us more (optional)' }).fill('It takes 45 seconds now.');
    const rated = visitorPage.waitForResponse((response) => response.url().endsWith('/api/chat/feedback'));
    await reasons.getByRole('button', { name: 'Send feedback' }).click();
    const feedbackAnswer = await rated;
    expect(feedbackAnswer.status()).toBe(200);
    const feedbackId = ((await feedbackAnswer.json()) as { data: { rows: { id: number }[] } }).data.rows[0]?.id;
    await expect(answer.getByText('Thank you for your feedback.')).toBeVisible();
    await expect(answer.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'true');

    // Staff see it on the Feedback screen and write the correct answer from there.
    await page.goto('/feedback/page/1/down');
    await page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(feedbackId), exact: true }) }).click();
    await expect(page).toHaveURL(new RegExp(`/feedback/${feedbackId}$`));
    const field = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(field('Reason')).toHaveText('Incorrect');
    await expect(field('User Feedback')).toHaveText('It takes 45 seconds now.');
    await expect(field('User message')).toHaveText(question);
    const correction = `The ${manual.tag} kettle now boils one litre in 45 seconds.`;
    const form = page.getByRole('region', { name: 'Type correct answer to the question below.' });
    await form.getByRole('textbox').fill(correction);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('You have successfully added new information.')).toBeVisible();

    // The four-eyes rule: someone else approves it.
    const reviewerContext = await browser.newContext({ baseURL });
    const reviewerPage = await reviewerContext.newPage();
    await signInAs(reviewerPage, await createStaff('viewer'));
    await reviewerPage.goto('/inform-the-bot');
    const item = reviewerPage.getByRole('article').filter({ hasText: correction });
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(item).toContainText('Approved');
    await reviewerContext.close();

    const corrected = await askInWidget(visitorPage, question);
    await expect(corrected.locator('.answer')).toHaveText(correction);
    await visitor.close();
  });

  test('shows a fun fact of Bot Settings while the answer is on its way', async ({ browser, page, signIn }) => {
    await signIn('admin');
    const fact = `kettles were first sold in ${unique('year')}`;
    const added = await page.request.post('/api/fun-facts/new', { data: { funFacts: [{ fact, url: 'https://acme.example.com/history' }] } });
    expect(added.status(), await added.text()).toBe(200);

    const visitor = await visitorContext(browser);
    const visitorPage = await visitor.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitorPage.route(`${E2E_BASE_URL}/api/chat/ask`, async (route) => {
      await held;
      await route.fallback();
    });
    await visitorPage.goto(host.url());
    await openChat(visitorPage);
    await questionBox(visitorPage).fill('Tell me something while I wait');
    await questionBox(visitorPage).press('Enter');
    const pending = chatPanel(visitorPage).locator('.pending');
    await expect(pending).toHaveText(/^Did you know that .+\?$/);
    await expect(pending).toHaveAttribute('aria-busy', 'true');
    await expect(chatPanel(visitorPage).getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    release();
    await expect(answers(visitorPage)).toHaveCount(1, { timeout: scaled(20_000) });
    await expect(pending).toHaveCount(0);
    await visitor.close();
  });

  test("keeps the host page's styles out and its own styles in", async ({ browser }) => {
    const visitor = await visitorContext(browser);
    const page = await visitor.newPage();
    await page.goto(host.url());
    const panel = await openChat(page);
    const style = (locator: Locator, property: string) => locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

    // The host's `* { … !important }` and element rules do not reach inside the widget.
    const heading = panel.getByRole('heading', { name: 'Chat with us' });
    expect(await style(heading, 'font-family')).not.toContain('Comic Sans');
    expect(await style(heading, 'color')).toBe('rgb(255, 255, 255)');
    expect(await style(heading, 'letter-spacing')).toBe('normal');
    expect(await style(launcher(page), 'background-color')).toBe('rgb(11, 87, 176)');
    expect(await style(questionBox(page), 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await style(panel.locator('.messages'), 'border-top-style')).toBe('none');

    // The widget's rules (.launcher, .message, button) do not reach the host's elements.
    const hostLauncher = page.locator('main .launcher');
    expect(await style(hostLauncher, 'position')).toBe('static');
    expect(await style(hostLauncher, 'border-top-style')).toBe('dashed');
    expect(await style(page.locator('main p.message'), 'padding-top')).toBe('0px');
    expect(await style(page.locator('#host-button'), 'border-radius')).toBe('0px');
    expect(await style(page.locator('#host-button'), 'background-color')).toBe('rgb(0, 255, 0)');
    await visitor.close();
  });

  test('works with the keyboard alone: open, ask, rate with a reason, close', async ({ browser }) => {
    const visitor = await visitorContext(browser);
    const page = await visitor.newPage();
    await page.goto(host.url());
    // The widget draws its launcher once its appearance has loaded: Tab before that skips it.
    await expect(launcher(page)).toBeVisible();
    await page.locator('#host-button').focus();
    await page.keyboard.press('Tab');
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(chatPanel(page)).toBeVisible();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(questionBox(page)).toBeFocused();

    await page.keyboard.type('Where is my order?');
    await page.keyboard.press('Enter');
    await expect(answers(page)).toHaveCount(1, { timeout: scaled(20_000) });
    await expect(questionBox(page)).toBeFocused();
    // Back from the question box: the newest answer's thumbs down.
    await page.keyboard.press('Shift+Tab');
    const thumbsDown = answers(page).last().getByRole('button', { name: 'Thumbs down' });
    await expect(thumbsDown).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(answers(page).last().getByRole('checkbox', { name: 'Incorrect' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(answers(page).last().getByRole('checkbox', { name: 'Not helpful' })).toBeChecked();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
    await expect(answers(page).last().getByRole('textbox', { name: 'Tell us more (optional)' })).toBeFocused();
    await page.keyboard.type('Too vague.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(answers(page).last().getByText('Thank you for your feedback.')).toBeFocused();
    await expect(thumbsDown).toHaveAttribute('aria-pressed', 'true');

    await page.keyboard.press('Escape');
    await expect(chatPanel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await visitor.close();
  });

  test('follows a dark host page (prefers-color-scheme)', async ({ browser }) => {
    const visitor = await visitorContext(browser, { colorScheme: 'dark' });
    const page = await visitor.newPage();
    await page.goto(host.url());
    const panel = await openChat(page);
    const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(panel)).toBe('rgb(27, 30, 36)');
    expect(await background(launcher(page))).toBe('rgb(138, 184, 255)');
    await expectNoAccessibilityViolations(page, 'steward-chat');
    await visitor.close();
  });

  test('restores the conversation after a reload, in the same chat session', async ({ browser }) => {
    const visitor = await visitorContext(browser);
    const page = await visitor.newPage();
    await page.goto(host.url());
    await openChat(page);
    await askInWidget(page, 'Do you deliver on Sundays?');
    const firstAsk = await page.evaluate((key) => localStorage.getItem(key), `steward-chat:${E2E_BASE_URL}/`);
    const sessionId = (JSON.parse(firstAsk ?? '{}') as { sessionId?: string }).sessionId;
    expect(sessionId).toMatch(/\./);

    await page.reload();
    await openChat(page);
    await expect(chatPanel(page).locator('.message.visitor')).toHaveText(['You: Do you deliver on Sundays?']);
    await expect(answers(page)).toHaveCount(1);
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/chat/ask'));
    await askInWidget(page, 'And on Saturdays?');
    expect(((await asked).postDataJSON() as { session_id?: string }).session_id).toBe(sessionId);
    await visitor.close();
  });

  test('shows a question refused once and sent again only once, with its answer', async ({ browser }) => {
    const visitor = await visitorContext(browser);
    const page = await visitor.newPage();
    // The first question meets the rate limit (as a flood from the same address would); the second gets through.
    let refused = false;
    await page.route(`${E2E_BASE_URL}/api/chat/ask`, async (route) => {
      if (refused) return route.fallback();
      refused = true;
      return route.fulfill({
        status: 429,
        headers: { 'access-control-allow-origin': new URL(host.url()).origin, 'content-type': 'application/json', 'retry-after': '30' },
        body: JSON.stringify({ success: false, error: { message: CHAT_TEXTS.tooManyRequests } }),
      });
    });
    await page.goto(host.url());
    const panel = await openChat(page);
    await questionBox(page).fill('Do you deliver on Sundays?');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.locator('.message.error')).toHaveText(CHAT_TEXTS.tooManyRequests);

    await askInWidget(page, 'Do you deliver on Sundays?');
    await expect(panel.locator('.message.visitor')).toHaveText(['You: Do you deliver on Sundays?']);
    await expect(panel.locator('.message.error')).toHaveCount(0);
    await page.reload();
    await openChat(page);
    await expect(panel.locator('.message.visitor')).toHaveText(['You: Do you deliver on Sundays?']);
    await expect(answers(page)).toHaveCount(1);
    await visitor.close();
  });

  test('sends a help request, checked first, which staff see in Help Requests', async ({ browser, page, signIn }) => {
    const visitor = await visitorContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(host.url());
    const panel = await openChat(visitorPage);
    await panel.getByRole('button', { name: 'Ask our team' }).last().click();
    const form = panel.getByRole('form', { name: 'Ask our team' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await form.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText(CHAT_HELP_REQUEST_TEXTS.nameEmpty)).toBeVisible();
    await expect(form.getByText(CHAT_HELP_REQUEST_TEXTS.emailInvalid)).toBeVisible();
    await expect(form.getByText(CHAT_HELP_REQUEST_TEXTS.messageEmpty)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAccessibilityViolations(visitorPage, 'steward-chat');

    const name = unique('Widget Visitor');
    const message = `Please call me about my kettle (${name}).`;
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    // A field filled since the check keeps no "must not be empty"; the others keep their problems until fixed.
    await expect(form.getByText(CHAT_HELP_REQUEST_TEXTS.nameEmpty)).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    await expect(form.getByText(CHAT_HELP_REQUEST_TEXTS.messageEmpty)).toBeVisible();
    await form.getByRole('textbox', { name: 'Email' }).fill('widget.visitor@example.com');
    await form.getByRole('textbox', { name: 'Message' }).fill(message);
    await form.getByRole('button', { name: 'Send request' }).click();
    const thanks = 'Thank you! Our team has your request and will get back to you by email.';
    // The thanks is a paragraph under the conversation and is also announced in the polite live region.
    await expect(panel.getByRole('paragraph').filter({ hasText: thanks })).toBeVisible();
    await expect(panel.locator('[aria-live="polite"]')).toHaveText(thanks);
    await expect(questionBox(visitorPage)).toBeFocused();
    await visitor.close();

    await signIn('viewer');
    await page.goto('/help-requests');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([/\d+/, message, name, 'widget.visitor@example.com', 'Pending']);
  });

  test('has no axe violations inside the widget: closed, open, with an answer and the reasons form', async ({ browser }) => {
    const visitor = await visitorContext(browser);
    const page = await visitor.newPage();
    await page.goto(host.url('/titled'));
    await expect(launcher(page, 'Ask Acme')).toBeVisible();
    await expectNoAccessibilityViolations(page, 'steward-chat');
    await launcher(page, 'Ask Acme').click();
    const panel = page.getByRole('dialog', { name: 'Ask Acme' });
    await expect(panel.getByText('Hello from Acme!')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Your question' }).fill('What are your opening hours?');
    await panel.getByRole('textbox', { name: 'Your question' }).press('Enter');
    await expect(panel.locator('.message.bot:has(.answer)')).toHaveCount(1, { timeout: scaled(20_000) });
    await panel.getByRole('button', { name: 'Thumbs down' }).click();
    await expect(panel.getByRole('checkbox', { name: 'Incorrect' })).toBeVisible();
    await expectNoAccessibilityViolations(page, 'steward-chat');
    await visitor.close();
  });
});
