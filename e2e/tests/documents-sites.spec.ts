import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from '../support/fixtures.ts';
import { expect, INGESTION_TIMEOUT, test, unique } from '../support/documents.ts';
import { flowLooks } from '../support/looks.ts';

/** A small help site on 127.0.0.1: robots.txt, a start page linking two pages, one of them slow (so the crawl is seen going). */
async function serveSite(word: string): Promise<{ url: string; close: () => Promise<void> }> {
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>${title}</h1>${body}</article></main><footer>Footer text</footer></body></html>`;
  const pages: Record<string, string> = {
    '/': page('Help centre', `<p>Welcome to the help centre of the ${word} shop. Read about <a href="/shipping">shipping</a> and <a href="/returns">returns</a>.</p>`),
    '/shipping': page('Shipping', `<h2>Rates</h2><p>Every ${word} parcel travels by cargo bicycle and arrives within two days, whatever the weather.</p>`),
    '/returns': page('Returns', `<p>A ${word} order can be returned within 60 days with the label in the box.</p>`),
  };
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    const body = pages[path];
    if (!body) return void response.writeHead(404).end();
    // The last page takes a while: the card shows the crawl going meanwhile.
    setTimeout(() => {
      // The crawl may have gone (cancelled, or the test over): nothing to answer then.
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    }, path === '/returns' ? 1500 : 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const siteForm = (page: Page): Locator => page.locator('form').filter({ has: page.getByRole('heading', { name: 'Add a website' }) });
const siteCard = (page: Page, host: string): Locator => page.getByRole('article', { name: host, exact: true });

/**
 * Removes the sites a test added (cancelled first if still read): the server is shared, and other Documents specs
 * count the screen's cards.
 */
async function removeSites(page: Page, startUrl: string): Promise<void> {
  const listed = await page.request.get('/api/sites');
  const rows = ((await listed.json()) as { data?: { rows?: { id: number; start_url: string; status: string }[] } }).data?.rows ?? [];
  for (const row of rows.filter((site) => site.start_url === startUrl)) {
    if (row.status === 'queued' || row.status === 'crawling') await page.request.post(`/api/sites/${row.id}/cancel`);
    await page.request.post(`/api/sites/${row.id}/delete`);
  }
}

async function expectNoSidewaysPage(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test.describe('Documents: a website as a source', () => {
  test('adds a site with its limits, follows its crawl to done, lists its pages and answers from them', async ({ page, signIn }) => {
    test.slow(); // pages embedded by the real model
    await signIn('admin');
    const word = unique('Zorbly').split(' ')[1] ?? 'zorbly';
    const site = await serveSite(word);
    try {
      await page.goto('/documents');
      const form = siteForm(page);
      // The contract's rules, shown under the field at fault before anything is sent.
      await form.getByLabel('Start URL').fill('not an address');
      await form.getByLabel('Pages at most').fill('0');
      await form.getByRole('button', { name: 'Add website' }).click();
      await expect(form.getByText('Please enter the site’s address as an http:// or https:// URL.')).toBeVisible();
      await expect(form.getByText('Please enter a number of pages from 1 to 5000.')).toBeVisible();

      await form.getByLabel('Start URL').fill(site.url);
      await form.getByLabel('Pages at most').fill('10');
      await form.getByLabel('Link depth').fill('2');
      await form.getByLabel('Never paths starting with').fill('/private/');
      await form.getByRole('button', { name: 'Add website' }).click();
      await expect(form.getByText('The website was added: its pages are read in the background.')).toBeVisible();

      const host = new URL(site.url).host;
      const card = siteCard(page, host);
      await expect(card).toContainText('at most 10 pages · link depth 2 · never /private/');
      // While it is read: a bar of pages read out of pages found, and Cancel.
      await expect(card.getByRole('progressbar', { name: /of \d+ pages read/ })).toBeVisible({ timeout: INGESTION_TIMEOUT });
      await expect(card.getByRole('button', { name: `Cancel reading ${site.url}` })).toBeVisible();
      await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: INGESTION_TIMEOUT });
      await expect(card).toContainText('Found 3');
      await expect(card).toContainText('Indexed 3');
      await expect(card.getByRole('progressbar')).toHaveCount(0);

      await card.getByRole('button', { name: 'Show pages' }).click();
      const pages = card.getByRole('listitem');
      await expect(pages).toHaveCount(3);
      await expect(pages.filter({ hasText: 'Shipping' })).toContainText('Indexed');
      await expect(card.getByRole('link', { name: `${site.url}shipping` })).toHaveAttribute('rel', 'noopener noreferrer');
      // One card for the site: its pages are not document cards.
      await expect(page.getByRole('article', { name: 'Shipping', exact: true })).toHaveCount(0);

      // The bot finds a page's text, cited by the page's address.
      const ask = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Try a question' }) });
      await ask.getByRole('textbox').fill(`How does a ${word} parcel travel?`);
      await ask.getByRole('button', { name: 'Search' }).click();
      await expect(ask.getByRole('link', { name: 'Shipping' }).and(ask.locator(`a[href="${site.url}shipping"]`)).first()).toBeVisible();
      await expectNoAccessibilityViolations(page);
    } finally {
      await removeSites(page, site.url);
      await site.close();
    }
  });

  for (const [size, viewport, theme] of flowLooks({ desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 } })) {
    test(`a site's card, its pages and its sync history fit and pass axe (${size}, ${theme})`, async ({ page, signIn }) => {
      test.slow();
      await page.setViewportSize(viewport);
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      const site = await serveSite(unique('Quux').split(' ')[1] ?? 'quux');
      try {
        const added = await page.request.post('/api/sites', { data: { start_url: site.url, max_pages: 5, max_depth: 1, include_prefixes: ['/'] } });
        expect(added.status()).toBe(200);
        await page.goto('/documents');
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        const card = siteCard(page, new URL(site.url).host);
        await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: INGESTION_TIMEOUT });
        await card.getByRole('button', { name: 'Show pages' }).click();
        await expect(card.getByRole('listitem')).toHaveCount(3);

        // The sync: a schedule set on the source, Sync now, and the sync's record in its history.
        await card.getByLabel('Sync schedule').selectOption('weekly');
        await expect(card.getByLabel('Sync schedule')).toHaveValue('weekly');
        await card.getByRole('button', { name: `Sync ${site.url} now` }).click();
        await card.getByRole('button', { name: 'Show sync history' }).click();
        const history = card.getByRole('list', { name: `Syncs of ${site.url}` }).getByRole('listitem');
        await expect(history).toHaveCount(2);
        await expect(history.first()).toContainText(/Sync now by .+Completed/, { timeout: INGESTION_TIMEOUT });
        await expect(history.first()).toContainText('checked 3 · unchanged 3 · changed 0 · added 0 · removed 0 · failed 0');
        await expect(history.last()).toContainText('First read');
        await expect(history.last()).toContainText('added 3');
        await expectNoSidewaysPage(page);
        await expectNoAccessibilityViolations(page);
      } finally {
        await removeSites(page, site.url);
        await site.close();
      }
    });
  }
});
