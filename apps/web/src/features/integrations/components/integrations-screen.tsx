import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { IntegrationKeysSection } from './integration-keys-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/**
 * The Integrations screen (issue 57, docs/integrations.md), administrators only: what connects Steward to other
 * systems: integration keys, then webhook endpoints (with Slack and Teams).
 * `children`: sections of other features, composed by the route (the weekly report's offer).
 */
export function IntegrationsScreen({ children }: { children?: ReactNode }) {
  return (
    <section aria-labelledby="integrations-title">
      <PageHeader id="integrations-title" pretitle="Settings" title="Integrations" description="Connect the chatbot and other tools to Steward." />
      <IntegrationKeysSection />
      <WebhooksSection />
      {children}
    </section>
  );
}
