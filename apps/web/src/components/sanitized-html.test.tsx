import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerHtmlViolations } from '@steward/contract/answer-html';
import { HOSTILE_ANSWER_SAMPLES, SAMPLE_OWN_ORIGIN } from '@steward/contract/answer-html-samples';
import { ExternalLink } from './external-link.tsx';
import { SanitizedHtml, sanitizeBotHtml } from './sanitized-html.tsx';

describe('sanitizeBotHtml', () => {
  it.each([
    ['<img src=x onerror="window.pwned=1">', /onerror/],
    ['<script>window.pwned=1</script>', /script/],
    ['<a href="javascript:window.pwned=1">x</a>', /javascript:/],
    ['<svg onload="window.pwned=1"><circle /></svg>', /svg|onload/],
    ['<iframe src="https://evil.example.com"></iframe>', /iframe/],
    ['<p style="position:fixed">x</p>', /style/],
    ['<form action="https://evil.example.com"><input name="p"></form>', /form|input/],
  ])('removes the dangerous part of %s', (payload, dangerous) => {
    expect(sanitizeBotHtml(payload)).not.toMatch(dangerous);
  });

  it('keeps ordinary markup and makes links open safely in a new tab', () => {
    const clean = sanitizeBotHtml('<p>See <b>this</b> <a href="https://docs.example.com">page</a></p>');
    expect(clean).toContain('<b>this</b>');
    expect(clean).toContain('href="https://docs.example.com"');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
  });

  // Issue 52: the contract's allow-list, pinned by the same hostile samples as the server's sanitiser.
  it.each(HOSTILE_ANSWER_SAMPLES.map((sample) => [sample.name, sample] as const))('%s', (_name, sample) => {
    const clean = sanitizeBotHtml(sample.html, SAMPLE_OWN_ORIGIN);
    const body = new DOMParser().parseFromString(`<!doctype html><body>${clean}</body>`, 'text/html').body;
    expect(answerHtmlViolations(body, SAMPLE_OWN_ORIGIN), clean).toEqual([]);
    expect((body.textContent ?? '').replace(/\s+/g, ''), clean).toBe(sample.text.replace(/\s+/g, ''));
    expect([...body.querySelectorAll('a[href]')].map((link) => link.getAttribute('href')), clean).toEqual(sample.links);
    expect([...body.querySelectorAll('img')].map((image) => image.getAttribute('src')), clean).toEqual(sample.images);
  });

  it("refuses images and links of the dashboard's own origin, wherever it is served", () => {
    const own = window.location.origin;
    const clean = sanitizeBotHtml(`<img src="${own}/api/logout" alt="a"><a href="${own}/api/export/history">b</a><img src="https://cdn.example.net/c.png" alt="c">`);
    expect(clean).toBe('a<a>b</a><img src="https://cdn.example.net/c.png" alt="c">');
  });
});

describe('SanitizedHtml', () => {
  it('renders the markup without handlers or scripts', () => {
    const { container } = render(<SanitizedHtml html={'<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>'} />);
    expect(container.querySelector('p')).toHaveTextContent('Hi');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });
});

describe('ExternalLink', () => {
  it('links http(s) addresses in a new tab with noopener noreferrer', () => {
    const { getByRole } = render(<ExternalLink href="https://shop.example.com/a" />);
    const link = getByRole('link', { name: 'https://shop.example.com/a' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'not a url', ''])(
    'shows %j as plain text, never as a link',
    (href) => {
      const { container } = render(<ExternalLink href={href}>label</ExternalLink>);
      expect(container.querySelector('a')).toBeNull();
      expect(container).toHaveTextContent('label');
    },
  );
});
