import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { SITE_LIMITS, SITE_MESSAGES } from '@steward/contract/sites';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useAddSite } from '../api/add-site.ts';
import { addSiteForm, EMPTY_SITE_FORM, toAddSiteRequest } from '../add-site-form-values.ts';

/**
 * Add a website (issue 55): its start page or its sitemap, and the crawl's limits, checked by the contract's rules
 * as the server checks them. The site then shows as one card below, with its progress.
 */
export function AddSiteForm() {
  const add = useAddSite();
  const [added, setAdded] = useState(false);
  const { register, reset, watch, errors, isSubmitting, submitWith } = useContractForm(addSiteForm, {
    defaultValues: EMPTY_SITE_FORM,
    errorFields: ['start_url', 'max_pages', 'max_depth'],
  });
  const fromSitemap = watch('start_kind') === 'sitemap';
  const onSubmit = submitWith(async (values) => {
    setAdded(false);
    await add.mutateAsync(toAddSiteRequest(values));
    reset(EMPTY_SITE_FORM);
    setAdded(true);
  });
  return (
    <FormCard titleId="add-site-title" title="Add a website" onSubmit={onSubmit}>
      <p className="text-body-secondary small">
        Steward reads the site’s pages (from its sitemap and by following its links), keeps their main text and answers from it, citing each page’s
        address. It follows the site’s robots.txt and spaces its requests politely.
      </p>
      <div className="mb-3" role="radiogroup" aria-labelledby="site-kind-label">
        <div id="site-kind-label" className="form-label">
          Start from
        </div>
        <Form.Check inline type="radio" id="site-kind-page" label="A page of the site" value="page" {...register('start_kind')} />
        <Form.Check inline type="radio" id="site-kind-sitemap" label="Its sitemap.xml" value="sitemap" {...register('start_kind')} />
      </div>
      <FormField
        id="site-start-url"
        label={fromSitemap ? 'Sitemap URL' : 'Start URL'}
        error={errors.start_url?.message}
        hint={fromSitemap ? 'For example https://help.example.com/sitemap.xml. A sitemap index is read with its sitemaps.' : 'For example https://help.example.com/. Pages of the same site are found from there.'}
        className="mb-3"
      >
        {(control) => <Form.Control type="url" inputMode="url" placeholder={fromSitemap ? 'https://…/sitemap.xml' : 'https://…/'} {...control} aria-invalid={control.isInvalid} {...register('start_url')} />}
      </FormField>
      <div className="row g-3 mb-3">
        <FormField
          id="site-max-pages"
          label="Pages at most"
          error={errors.max_pages?.message}
          hint={`${SITE_LIMITS.maxPages.min}–${SITE_LIMITS.maxPages.max}`}
          className="col-sm-6 col-md-3"
        >
          {(control) => (
            <Form.Control type="number" min={SITE_LIMITS.maxPages.min} max={SITE_LIMITS.maxPages.max} {...control} aria-invalid={control.isInvalid} {...register('max_pages', { valueAsNumber: true })} />
          )}
        </FormField>
        <FormField
          id="site-max-depth"
          label="Link depth"
          error={errors.max_depth?.message}
          hint={`Links followed from the start: ${SITE_LIMITS.maxDepth.min}–${SITE_LIMITS.maxDepth.max}`}
          className="col-sm-6 col-md-3"
        >
          {(control) => (
            <Form.Control type="number" min={SITE_LIMITS.maxDepth.min} max={SITE_LIMITS.maxDepth.max} {...control} aria-invalid={control.isInvalid} {...register('max_depth', { valueAsNumber: true })} />
          )}
        </FormField>
        <FormField id="site-include" label="Only paths starting with" error={errors.include?.message} hint="One per line, e.g. /help/ (empty: the whole site)" className="col-md-3">
          {(control) => <Form.Control as="textarea" rows={2} {...control} aria-invalid={control.isInvalid} {...register('include')} />}
        </FormField>
        <FormField id="site-exclude" label="Never paths starting with" error={errors.exclude?.message} hint="One per line, e.g. /blog/" className="col-md-3">
          {(control) => <Form.Control as="textarea" rows={2} {...control} aria-invalid={control.isInvalid} {...register('exclude')} />}
        </FormField>
      </div>
      <FormAlert error={errors.root?.message} success={added ? SITE_MESSAGES.added : undefined} />
      <SubmitButton busy={isSubmitting} busyLabel="Adding...">
        Add website
      </SubmitButton>
    </FormCard>
  );
}
