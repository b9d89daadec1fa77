import { describe, expect, it } from 'vitest';
import { safeLinkHref, sanitiseHtml } from './sanitise-html.ts';

const clean = (html: string): string => {
  const box = document.createElement('div');
  box.appendChild(sanitiseHtml(html));
  return box.innerHTML;
};

describe('sanitiseHtml', () => {
  it('keeps the formatting an answer uses, without attributes', () => {
    expect(clean('<p class="x" style="color:red">Hello <strong>you</strong>, <em>see</em>:</p><ul><li>one</li><li><code>two</code></li></ul>')).toBe(
      '<p>Hello <strong>you</strong>, <em>see</em>:</p><ul><li>one</li><li><code>two</code></li></ul>',
    );
  });

  it('drops scripts, styles, frames, forms and images with everything inside them', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><img src=x onerror="alert(1)"><form><input></form><svg><script>alert(2)</script></svg><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('drops event handlers and runs nothing while parsing', () => {
    const flagged = window as unknown as { sanitiserRan?: boolean };
    const html = clean('<p onclick="window.sanitiserRan=true" onmouseover="x()">text</p><img src="x" onerror="window.sanitiserRan=true">');
    expect(html).toBe('<p>text</p>');
    expect(flagged.sanitiserRan).toBeUndefined();
  });

  it('keeps http(s) and mailto links, opening in a new tab without the opener, and unwraps the others', () => {
    expect(clean('<a href="https://docs.example.com/a?b=1" onclick="x()">Docs</a> <a href="javascript:alert(1)">bad</a> <a href="/relative">rel</a> <a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="https://docs.example.com/a?b=1" target="_blank" rel="noopener noreferrer">Docs</a> <span>bad</span> <span>rel</span> <a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
    );
  });

  it('turns headings into bold paragraphs and unknown elements into their text', () => {
    expect(clean('<h1>Title</h1><custom-thing>inside <b>bold</b></custom-thing>')).toBe('<p><strong>Title</strong></p>inside <b>bold</b>');
  });

  it('keeps text as text', () => {
    expect(clean('5 &lt; 6 &amp; <b>&lt;script&gt;</b>')).toBe('5 &lt; 6 &amp; <b>&lt;script&gt;</b>');
  });
});

describe('safeLinkHref', () => {
  it('accepts absolute http(s) and mailto URLs only', () => {
    expect(safeLinkHref(' https://example.com/a b ')).toBe('https://example.com/a%20b');
    expect(safeLinkHref('JAVASCRIPT:alert(1)')).toBeUndefined();
    expect(safeLinkHref('data:text/html,x')).toBeUndefined();
    expect(safeLinkHref('//example.com')).toBeUndefined();
    expect(safeLinkHref(null)).toBeUndefined();
  });
});
