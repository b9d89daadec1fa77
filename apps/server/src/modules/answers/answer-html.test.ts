import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeAnswerHtml, textToParagraphs } from './answer-html.ts';

describe('sanitizeAnswerHtml', () => {
  it('keeps the answer tags and http(s) links, which open in a new tab without the opener', () => {
    const html =
      '<p>See <strong>this</strong> and <em>that</em><sup>[1]</sup><br /></p><blockquote><p>quoted</p><cite>Doc</cite></blockquote>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><pre><code>x = 1</code></pre><p><a href="https://example.com/a">link</a></p>';
    expect(sanitizeAnswerHtml(html)).toBe(html.replace('<a href="https://example.com/a">', '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">'));
  });

  it('drops scripts, event handlers, styles, frames, images, forms and javascript: or data: links', () => {
    const dirty =
      '<p onclick="alert(1)" style="color:red" class="x">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>' +
      '<iframe src="https://evil.example"></iframe><style>p{}</style><form><input></form>' +
      '<a href="javascript:alert(1)">js</a><a href="data:text/html,hi">data</a><a href="//evil.example">relative</a><svg onload=alert(1)></svg>';
    const clean = sanitizeAnswerHtml(dirty);
    expect(clean).toBe('<p>Hi</p><a rel="noopener noreferrer nofollow" target="_blank">js</a><a rel="noopener noreferrer nofollow" target="_blank">data</a><a rel="noopener noreferrer nofollow" target="_blank">relative</a>');
  });
});

describe('text as HTML', () => {
  it('escapes markup and keeps paragraphs and line breaks', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
    expect(textToParagraphs('One\nline two\n\n\nTwo <i>')).toBe('<p>One<br>line two</p><p>Two &lt;i&gt;</p>');
  });
});
