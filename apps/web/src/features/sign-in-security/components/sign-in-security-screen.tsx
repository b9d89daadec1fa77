import { PageHeader } from '../../../components/page-header.tsx';
import { SecondFactorHolders } from './second-factor-holders.tsx';
import { SecondFactorPolicyChoice } from './second-factor-policy-choice.tsx';
import { SingleSignOnSettings } from './single-sign-on-settings.tsx';

/**
 * Sign-in security (/sign-in-security, administrators by role, docs/accounts.md): the second factor's policy (off
 * by default, offered, required) and the staff who have one, each with Reset second factor.
 */
export function SignInSecurityScreen({ canResetSecondFactors }: { canResetSecondFactors: boolean }) {
  return (
    <section aria-labelledby="sign-in-security-title">
      <PageHeader id="sign-in-security-title" pretitle="Settings" title="Sign-in security" description="How staff prove who they are when they log in to this dashboard." />
      <SecondFactorPolicyChoice />
      <SecondFactorHolders canReset={canResetSecondFactors} />
      <SingleSignOnSettings />
    </section>
  );
}
