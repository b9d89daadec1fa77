import { describe, expect, it } from 'vitest';
import { readHtmlPageOffThread } from './html-page-reader.ts';

describe('reading a page off the main thread', () => {
  it('reads a 2 MB page while the event loop keeps turning', async () => {
    const paragraph = '<p>Parcels travel by zeppelin and reach Reykjavik within four days, <a href="/rates">see the rates</a>.</p>\n';
    const html = `<html><head><title>Big</title></head><body><main><article><h1>Big</h1>${paragraph.repeat(Math.ceil(2_000_000 / paragraph.length))}</article></main></body></html>`;
    // Warm the thread (its start and its imports are not what this measures).
    await readHtmlPageOffThread(Buffer.from('<p>warm</p>'), 'text/html', new URL('https://shop.example.com/'));
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const page = await readHtmlPageOffThread(Buffer.from(html), 'text/html; charset=utf-8', new URL('https://shop.example.com/big'));
    const took = performance.now() - started;
    clearInterval(timer);
    expect(page.title).toBe('Big');
    expect(page.links[0]?.href).toBe('https://shop.example.com/rates');
    expect(page.sections.flatMap((section) => section.paragraphs).length).toBeGreaterThan(1000);
    // On this thread the page took about 1.8 s; off it, no turn of the loop waits more than a fraction of that.
    expect(longestGap).toBeLessThan(Math.max(250, took / 4));
  });
});
