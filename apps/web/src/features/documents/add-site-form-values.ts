import { z } from 'zod';
import { type AddSiteRequest, addSiteRequest, prefixLines, SITE_LIMITS, type SiteStartKind } from '@steward/contract/sites';

/** The Add a website form as typed: the path prefixes are one per line, in a textarea each. */
export interface AddSiteFormValues {
  start_kind: SiteStartKind;
  start_url: string;
  max_pages: number;
  max_depth: number;
  include: string;
  exclude: string;
}

export const EMPTY_SITE_FORM: AddSiteFormValues = {
  start_kind: 'page',
  start_url: '',
  max_pages: SITE_LIMITS.maxPages.default,
  max_depth: SITE_LIMITS.maxDepth.default,
  include: '',
  exclude: '',
};

export const toAddSiteRequest = (values: AddSiteFormValues): AddSiteRequest => ({
  start_kind: values.start_kind,
  start_url: values.start_url,
  max_pages: values.max_pages,
  max_depth: values.max_depth,
  include_prefixes: prefixLines(values.include),
  exclude_prefixes: prefixLines(values.exclude),
});

const FORM_FIELD: Record<string, keyof AddSiteFormValues> = { include_prefixes: 'include', exclude_prefixes: 'exclude' };

/** The form's check is the server's (the contract's addSiteRequest), its messages put under the field they name. */
export const addSiteForm: z.ZodType<AddSiteFormValues, AddSiteFormValues> = z
  .object({
    start_kind: z.enum(['page', 'sitemap']),
    start_url: z.string(),
    // A number field left empty is NaN: the contract's rule names it.
    max_pages: z.custom<number>(),
    max_depth: z.custom<number>(),
    include: z.string(),
    exclude: z.string(),
  })
  .superRefine((values, context) => {
    const checked = addSiteRequest.safeParse(toAddSiteRequest(values));
    if (checked.success) return;
    const seen = new Set<string>();
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'start_url');
      const path = FORM_FIELD[field] ?? field;
      if (seen.has(path)) continue;
      seen.add(path);
      context.addIssue({ code: 'custom', path: [path], message: issue.message });
    }
  });
