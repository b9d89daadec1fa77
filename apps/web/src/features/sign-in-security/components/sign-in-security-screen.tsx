import { PageHeader } from '../../../components/page-header.tsx';
import type { ReactNode } from 'react';
import { SecondFactorHolders } from './second-factor-holders.tsx';
import { SecondFactorPolicyChoice } from './second-factor-policy-choice.tsx';
import { SingleSignOnSettings } from './single-sign-on-settings.tsx';

/**
 * Sign-in security (/sign-in-security, administrators by role, docs/accounts.md): the second factor's policy (off
 * by default, offered, required), the staff who have one, each with Reset second factor, and the staff signed in,
 * each with End all sessions (composed in by the route: `children`).
 */
export function SignInSecurityScreen({ canResetSecondFactors, children }: { canResetSecondFactors: boolean; children?: ReactNode }) {
  return (
    <section aria-labelledby="sign-in-security-title">
      <PageHeader id="sign-in-security-title" pretitle="Settings" title="Sign-in security" description="How staff prove who they are when they log in to this dashboard." />
      <SecondFactorPolicyChoice />
      <SecondFactorHolders canReset={canResetSecondFactors} />
      <SingleSignOnSettings />
      {children}
    </section>
  );
}
