import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAGE_TEXTS } from '@steward/contract/demo-page';
import { addDocument } from '../test/document-upload.ts';
import { runAllJobs } from '../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { locateWidgetBuild, requireWidgetBuild } from './widget-build.ts';
import { WebBuildError } from './web-build.ts';

const SCRIPT = '(()=>{document.body.dataset.widget="loaded"})();';

/** The /demo page's template as the widget's build copies it. */
const DEMO_TEMPLATE = path.resolve(import.meta.dirname, '..', '..', '..', 'widget', 'demo', 'index.html');

/** A widget build in a temporary folder, as apps/widget/build.mjs lays it out. */
function widgetBuildDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-widget-build-'));
  fs.mkdirSync(path.join(dir, 'demo'));
  fs.writeFileSync(path.join(dir, 'widget.js'), SCRIPT);
  fs.copyFileSync(DEMO_TEMPLATE, path.join(dir, 'demo', 'index.html'));
  fs.writeFileSync(path.join(dir, 'demo', 'demo.css'), 'body { margin: 0; }');
  return dir;
}

describe('the widget build', () => {
  it('is found through the @steward/widget package', () => {
    expect(locateWidgetBuild()).toBe(path.resolve(import.meta.dirname, '..', '..', '..', 'widget', 'dist'));
  });

  it('is required by the bundle, and optional from source', () => {
    const missing = path.join(os.tmpdir(), 'steward-no-widget-build');
    expect(() => requireWidgetBuild(missing, true)).toThrow(WebBuildError);
    expect(() => requireWidgetBuild(missing, true)).toThrow(/the chat widget is not built .*run `npm run build`/);
    expect(requireWidgetBuild(missing, false)).toBeNull();
  });
});

describe('GET /widget.js and /demo', () => {
  let app: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    const widgetBuild = requireWidgetBuild(widgetBuildDir(), true);
    if (!widgetBuild) throw new Error('no widget build');
    app = await createTestApp({}, { widgetBuild });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
  });

  it('serves the script to any site: CORS *, a cross-origin resource policy, a short cache and an ETag', async () => {
    const answer = await fetch(`${app.baseUrl}/widget.js`, { headers: { origin: 'https://shop.example.com' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(SCRIPT);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = answer.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);

    const again = await fetch(`${app.baseUrl}/widget.js`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the demo page and its stylesheet under the same Content-Security-Policy as the dashboard', async () => {
    const page = await fetch(`${app.baseUrl}/demo`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<script src="/widget.js" defer></script>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const css = await fetch(`${app.baseUrl}/demo/demo.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('shows the assistant as Bot Settings saved it, HTML-escaped, and example questions: neutral, then from the documents, then the saved ones', async () => {
    const demoPage = async () => (await fetch(`${app.baseUrl}/demo`)).text();
    const fresh = await demoPage();
    expect(fresh).toContain('<title>Chat with us · Chat widget demo</title>');
    expect(fresh).toContain('--accent: #0b57b0;');
    expect(fresh).toContain(`<ul class="example-questions">${DEMO_PAGE_TEXTS.neutralQuestions.map((question) => `<li>${question}</li>`).join('')}</ul>`);
    expect(fresh).toContain(DEMO_PAGE_TEXTS.noDocuments.replaceAll("'", '&#39;'));
    expect(fresh).not.toMatch(/\{\{\w+\}\}/);

    const { client: admin } = await app.signedInClient('admin');
    const look = {
      title: 'Ask <Acme> & "Co"',
      greeting: "Hi! We're here <script>alert(1)</script>",
      accent_color: '#7A2E9C',
      suggested_questions: [],
      dont_know_text: '',
      allowed_sites: [],
    };
    expect((await admin.post('/api/bot-appearance', { appearance: look })).status).toBe(200);
    await addDocument(admin, {
      name: 'returns.txt',
      bytes: 'Returns and refunds\n\nHow long do refunds take? Refunds reach your card within five working days of our receiving the parcel.',
      title: 'Returns <policy>',
      sourceUrl: 'https://shop.example.com/returns',
    });
    await runAllJobs(app);
    const saved = await demoPage();
    expect(saved).toContain('<title>Ask &lt;Acme&gt; &amp; &quot;Co&quot; · Chat widget demo</title>');
    expect(saved).toContain('<h1>Ask &lt;Acme&gt; &amp; &quot;Co&quot;</h1>');
    expect(saved).toContain('<p>Hi! We&#39;re here &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(saved).not.toContain('<script>alert(1)');
    expect(saved).toContain('--accent: #7a2e9c;');
    expect(saved).toContain('<li>How long do refunds take?</li>');
    expect(saved).toContain('<li>What does “Returns &lt;policy&gt;” say about Returns and refunds?</li>');
    expect(saved).toContain(DEMO_PAGE_TEXTS.knowledge(1).replaceAll("'", '&#39;'));

    // Suggested questions saved in Bot Settings are the page's examples too.
    expect((await admin.post('/api/bot-appearance', { appearance: { ...look, suggested_questions: ['Do you ship <abroad>?'] } })).status).toBe(200);
    expect(await demoPage()).toContain('<ul class="example-questions"><li>Do you ship &lt;abroad&gt;?</li></ul>');
  });

  it('answers 404 with a clear message when the widget is not built', async () => {
    for (const url of ['/widget.js', '/demo', '/demo/demo.css']) {
      const answer = await fetch(`${bare.baseUrl}${url}`);
      expect(answer.status, url).toBe(404);
      expect(await answer.json()).toEqual({ success: false, error: { message: 'The chat widget is not built: run `npm run build`.' } });
    }
  });

  it('needs no sign-in', () => {
    const access = (url: string) => app.routes.find((route) => route.url === url && route.method === 'GET')?.access;
    expect([access('/widget.js'), access('/demo'), access('/demo/demo.css')]).toEqual(['public', 'public', 'public']);
  });
});
