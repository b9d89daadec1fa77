import { describe, expect, it } from 'vitest';
import { pageCharset, readHtmlPage } from './html-page.ts';

const PAGE_URL = new URL('https://shop.example.com/help/shipping');

const article = `<!doctype html><html><head><meta charset="utf-8"><title>Shipping | Acme</title><base href="/help/"></head><body>
<header><a href="/">Acme</a><nav><a href="/help/">Help</a> <a href="returns">Returns</a> <a href="https://other.example.org/x#y">Other</a> <a href="mailto:a@b.c">Mail</a> <a rel="nofollow" href="/login">Log in</a></nav></header>
<div class="cookie-banner">We use cookies. <button>Accept all</button></div>
<main><article>
<h1>Shipping</h1>
<p>We ship parcels to every country in Europe within three working days. Orders placed before noon leave the warehouse the same day, and a tracking number follows by email.</p>
<h2>Rates</h2>
<p>Standard shipping costs 4.95 euros; orders above 50 euros ship free of charge to any address in the European Union.</p>
<ul><li>Express: 9.95 euros</li><li>Pick-up point: <strong>free</strong></li></ul>
<table><thead><tr><th>Zone</th><th>Days</th></tr></thead><tbody><tr><td>Nordics</td><td>4</td></tr></tbody></table>
<h3>Tracking from a terminal</h3>
<pre><code>curl https://acme.test/track \\
  --parcel 42</code></pre>
<h2>Customs</h2><p>Parcels to Switzerland and Norway pass customs, which adds one working day to the delivery time.</p>
</article></main>
<footer>Copyright Acme 2026. All rights reserved.</footer>
<script>document.write('tracking pixel')</script><style>p { color: red }</style>
</body></html>`;

describe('reading a web page', () => {
  const page = readHtmlPage(Buffer.from(article), 'text/html; charset=utf-8', PAGE_URL);
  const paragraphs = page.sections.flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text));
  const all = paragraphs.join('\n');

  it('keeps the main content under its heading path: paragraphs, list items, table rows and code blocks', () => {
    expect(page.title).toBe('Shipping | Acme');
    // Readability drops the h1 that repeats the title: the page's title heads the path.
    expect(page.sections.map((section) => section.headings)).toEqual([
      ['Shipping | Acme'],
      ['Shipping | Acme', 'Rates'],
      ['Shipping | Acme', 'Rates', 'Tracking from a terminal'],
      ['Shipping | Acme', 'Customs'],
    ]);
    expect(paragraphs).toContain('• Express: 9.95 euros');
    expect(paragraphs).toContain('• Pick-up point: free');
    expect(paragraphs).toContain('Zone | Days');
    // A row under a header row names its columns, as an answer quotes it (fails before: "Nordics | 4").
    expect(paragraphs).toContain('Zone: Nordics; Days: 4');
    expect(paragraphs).toContain('curl https://acme.test/track \\\n  --parcel 42');
  });

  it('drops navigation, the cookie banner, the footer, scripts and styles', () => {
    for (const gone of ['cookies', 'Accept all', 'Copyright', 'tracking pixel', 'color: red', 'Log in']) expect(all).not.toContain(gone);
  });

  it('gathers the links (against <base>), without fragments, mail links or nofollow ones', () => {
    expect(page.links.map((link) => link.href)).toEqual([
      'https://shop.example.com/',
      'https://shop.example.com/help/',
      'https://shop.example.com/help/returns',
      'https://other.example.org/x',
    ]);
    expect(page.noindex).toBe(false);
  });

  it('honours <meta name="robots" content="noindex, nofollow">', () => {
    const shy = readHtmlPage(Buffer.from('<html><head><meta name="robots" content="noindex, nofollow"></head><body><p>Hidden</p><a href="/x">x</a></body></html>'), 'text/html', PAGE_URL);
    expect(shy.noindex).toBe(true);
    expect(shy.links).toEqual([]);
  });

  it('reads a heading without its permalink and keeps a title Readability would cut inside a word (Node.js’s API pages; fails before: "path.basename(path)#", "line API | …")', () => {
    const node = readHtmlPage(
      Buffer.from(`<!doctype html><html><head><title>Command-line API | Node.js v20.20.2 Documentation</title></head><body><main><article>
<h2>Command-line API<span><a class="mark" href="#command-line-api" id="command-line-api">#</a></span></h2>
<p>Node.js comes with a variety of CLI options. These options expose built-in debugging, multiple ways to execute scripts, and other helpful runtime options.</p>
<h3><code>--watch</code><span><a class="mark" href="#--watch">#</a></span><a aria-hidden="true" class="legacy" id="cli_watch"></a></h3>
<p>Starts Node.js in watch mode. When in watch mode, changes in the watched files cause the Node.js process to restart, and <a href="#--watch-path">--watch-path</a> says which.</p>
<h3>Sphinx’s way<a class="headerlink" href="#sphinx" title="Link to this heading">¶</a></h3><p>A permalink after the title, as Sphinx sets it, is no word of it either; the page reads the same.</p>
</article></main></body></html>`),
      'text/html',
      PAGE_URL,
    );
    expect(node.title).toBe('Command-line API | Node.js v20.20.2 Documentation');
    expect(node.sections.map((section) => section.headings.at(-1))).toEqual(['Command-line API', '--watch', 'Sphinx’s way']);
    expect(node.sections[1]?.paragraphs[0]?.text).toContain('and --watch-path says which.');
  });

  it('reads a page without an article as its body without furniture', () => {
    const short = readHtmlPage(Buffer.from('<html><body><nav>Menu</nav><p>Opening hours: 9 to 5.</p><footer>Footer</footer></body></html>'), 'text/html', PAGE_URL);
    expect(short.sections.flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text))).toEqual(['Opening hours: 9 to 5.']);
    expect(short.title).toBe('/help/shipping');
  });
});

describe("a FAQ page's entries", () => {
  const faq = `<!doctype html><html><head><title>Help | Acme</title></head><body><main><article>
<h1>Help</h1>
<p>Answers to what customers ask us most about their orders, deliveries and returns, kept up to date by the support team.</p>
<h2>Orders</h2>
<details><summary>Can I change my order after paying?</summary><p>Yes, within one hour: open the order and choose Edit.</p><dl><dt>Edit</dt><dd>Changes the items.</dd></dl></details>
<details><summary>How do I cancel an order?</summary>Write to us before it ships and we refund it in full.</details>
<p>Orders ship from Rotterdam on working days.</p>
<h2>Returns</h2>
<dl><dt>How long do I have to return an item?</dt><dd>Thirty days from delivery, unused and in its box.</dd>
<dt>Who pays for the return?</dt><dd>We do: print the label from your account.</dd></dl>
<p>Refunds reach your card within five working days.</p>
</article></main></body></html>`;
  const page = readHtmlPage(Buffer.from(faq), 'text/html; charset=utf-8', PAGE_URL);

  it('heads each entry by its question (a disclosure’s summary, a description list’s term that asks), under the page’s headings', () => {
    expect(page.sections.map((section) => [section.headings.slice(1), section.paragraphs.map((paragraph) => paragraph.text)])).toEqual([
      [[], ['Answers to what customers ask us most about their orders, deliveries and returns, kept up to date by the support team.']],
      [['Orders', 'Can I change my order after paying?'], ['Yes, within one hour: open the order and choose Edit.', 'Edit Changes the items.']],
      [['Orders', 'How do I cancel an order?'], ['Write to us before it ships and we refund it in full.']],
      [['Orders'], ['Orders ship from Rotterdam on working days.']],
      [['Returns', 'How long do I have to return an item?'], ['Thirty days from delivery, unused and in its box.']],
      [['Returns', 'Who pays for the return?'], ['We do: print the label from your account.']],
      [['Returns'], ['Refunds reach your card within five working days.']],
    ]);
  });
});

describe('a description list of terms', () => {
  it('opens each description with its terms, their permalinks dropped; a term with no description or one that is a whole entry stands alone (GNU Info’s manual as texinfo sets it, Lynx’s help; fails before: "link-style ¶" a paragraph apart)', () => {
    const manual = readHtmlPage(
      Buffer.from(`<!doctype html><html><head><title>Colors and Styles</title></head><body><h2>Colors and Styles</h2>
<p>You can change the way text is displayed with these variables:</p><dl>
<dt id='index-link_002dstyle'><span><code>link-style</code><a href='#index-link_002dstyle' class='copiable-anchor'> &para;</a></span></dt>
<dd><p>Set the style of links.</p><p>Links are underlined by default.</p></dd>
<dt><code>C-n</code></dt><dt><code>DOWN</code></dt><dd>Move the cursor down a line.</dd>
<dt><code>white</code></dt><dd><pre>info --color=white</pre></dd>
<dt>nocolor</dt></dl><p>Styles take effect at once.</p>
<dl><dt><em>Mixed style</em>: Files and directories are listed together.</dt><dt><em>Directories first</em>: Directories are listed first.</dt></dl></body></html>`),
      'text/html',
      PAGE_URL,
    );
    expect(manual.sections.flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text))).toEqual([
      'You can change the way text is displayed with these variables:',
      'link-style Set the style of links.',
      'Links are underlined by default.',
      'C-n, DOWN Move the cursor down a line.',
      'white',
      'info --color=white',
      'nocolor',
      'Styles take effect at once.',
      'Mixed style: Files and directories are listed together.',
      'Directories first: Directories are listed first.',
    ]);
  });
});

describe("a page's tables", () => {
  const page = readHtmlPage(
    Buffer.from(`<!doctype html><html><head><title>Kettles</title></head><body><main><article><h1>Kettles</h1>
<p>Our kettles compared, so you can choose the one that fits your kitchen and how much water you boil each day.</p>
<table><tr><th>Model</th><th>Capacity</th><th>Power</th></tr>
<tr><th>K-200</th><td>1.7 l</td><td>2200 W</td></tr>
<tr><td>K-300</td><td></td><td>3000 W</td></tr>
<tr><td colspan="3">All models switch off by themselves.</td></tr></table>
<p>Tools of the kettle's app, as a table of two columns without a header:</p>
<table><tr><td>descale</td><td>remind me to descale the kettle every month.</td></tr><tr><td>boil</td><td>start boiling from the phone.</td></tr></table>
</article></main></body></html>`),
    'text/html',
    new URL('https://shop.example.com/kettles'),
  );
  const paragraphs = page.sections.flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text));

  it("name each cell of a row under a header row by its column, an empty cell left out; other rows keep their cells joined (fails before: \"K-200 | 1.7 l | 2200 W\")", () => {
    expect(paragraphs).toEqual(expect.arrayContaining([
      'Model | Capacity | Power',
      'Model: K-200; Capacity: 1.7 l; Power: 2200 W',
      'Model: K-300; Power: 3000 W',
      'All models switch off by themselves.',
      'descale | remind me to descale the kettle every month.',
      'boil | start boiling from the phone.',
    ]));
  });
});

describe('a list of titled entries', () => {
  // As libxslt's FAQ page (Debian's libxslt1-dev, html/FAQ.html) sets its entries.
  const faq = `<!doctype html><html><head><title>FAQ</title></head><body><h1>The XSLT C library</h1><h2>FAQ</h2><ol>
<li><em>Troubles compiling or linking programs using libxslt</em>
<p>Usually the compiler doesn't get the right flags. The script <code>xslt-config</code> provides them. Use</p><p><code>xslt-config --cflags</code></p></li>
<li><em>Is there C++ bindings ?</em>
<p>Yes, for example xmlwrapp.</p></li>
</ol><p>Daniel Veillard</p>
<ul><li><strong>Note:</strong> bold at an item's start is no title when the item's text goes on beside it.</li><li><strong>Tip</strong> <p>Nor in a list whose every item is not titled.</p></li></ul>
</body></html>`;
  const page = readHtmlPage(Buffer.from(faq), 'text/html; charset=utf-8', PAGE_URL);

  it('heads each item by its emphasised title, and the page’s headings head again after the list', () => {
    expect(page.sections.map((section) => [section.headings.slice(1), section.paragraphs.map((paragraph) => paragraph.text)])).toEqual([
      [['The XSLT C library', 'Troubles compiling or linking programs using libxslt'], ["Usually the compiler doesn't get the right flags. The script xslt-config provides them. Use", 'xslt-config --cflags']],
      [['The XSLT C library', 'Is there C++ bindings ?'], ['Yes, for example xmlwrapp.']],
      [['The XSLT C library'], ['Daniel Veillard', "• Note: bold at an item's start is no title when the item's text goes on beside it.", 'Tip', 'Nor in a list whose every item is not titled.']],
    ]);
  });
});

describe('the character set of a page', () => {
  const latin1 = Buffer.from('<html><head><meta charset="windows-1252"></head><body><p>Caf\u00e9 \u0080 cr\u00e8me</p></body></html>', 'latin1');

  it('comes from Content-Type, then a byte order mark, then <meta>, else UTF-8', () => {
    expect(pageCharset(latin1, 'text/html')).toBe('windows-1252');
    expect(pageCharset(latin1, 'text/html; charset=ISO-8859-1')).toBe('windows-1252'); // the WHATWG label
    expect(pageCharset(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">'), '')).toBe('shift_jis');
    expect(pageCharset(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]), '')).toBe('utf-8');
    expect(pageCharset(Buffer.from('<p>plain</p>'), 'text/html; charset=no-such-thing')).toBe('utf-8');
  });

  it('decodes the page by it', () => {
    const page = readHtmlPage(latin1, 'text/html', PAGE_URL);
    expect(page.sections[0]?.paragraphs[0]?.text).toBe('Café € crème');
    expect(page.charset).toBe('windows-1252');
  });
});
