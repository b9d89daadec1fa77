import { describe, expect, it } from 'vitest';
import { SITE_MESSAGES } from '@steward/contract/sites';
import { addSiteForm, EMPTY_SITE_FORM, toAddSiteRequest } from './add-site-form-values.ts';

describe('the Add a website form', () => {
  it("checks the values with the server's rules, each message under its own field", () => {
    const checked = addSiteForm.safeParse({ ...EMPTY_SITE_FORM, start_url: 'nope', max_pages: Number.NaN, max_depth: 99, include: 'help/\n/faq' });
    expect(checked.success).toBe(false);
    const byField = Object.fromEntries((checked.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
    expect(byField).toEqual({ start_url: SITE_MESSAGES.startUrlInvalid, max_pages: SITE_MESSAGES.maxPages, max_depth: SITE_MESSAGES.maxDepth, include: SITE_MESSAGES.prefix });
  });

  it('sends the prefixes one per line, blank lines dropped', () => {
    expect(toAddSiteRequest({ ...EMPTY_SITE_FORM, start_url: 'https://help.example.com/', include: ' /help/ \n\n/faq\n', exclude: '' })).toEqual({
      start_kind: 'page',
      start_url: 'https://help.example.com/',
      max_pages: 500,
      max_depth: 3,
      include_prefixes: ['/help/', '/faq'],
      exclude_prefixes: [],
    });
    expect(addSiteForm.safeParse({ ...EMPTY_SITE_FORM, start_kind: 'sitemap', start_url: 'https://help.example.com/' }).error?.issues[0]?.message).toBe(SITE_MESSAGES.sitemapUrlInvalid);
  });
});
