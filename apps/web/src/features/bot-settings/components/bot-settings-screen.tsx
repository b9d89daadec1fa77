import { canErasePersonalData, canUpdateBotSettings, type StaffMember } from '@steward/contract/permissions';
import { useBotAppearance } from '../api/bot-appearance.ts';
import { useDataRetention } from '../api/data-retention.ts';
import { useBotSettings } from '../api/get-bot-settings.ts';
import { BotAppearanceForm } from './bot-appearance-form.tsx';
import { DataRetentionSection } from './data-retention-section.tsx';
import { FunFactsSection } from './fun-facts-section.tsx';
import { HelpRequestEmailsSection } from './help-request-emails-section.tsx';
import { PersonalDataMaskingSection } from './personal-data-masking-section.tsx';
import { SupportThresholdForm } from './support-threshold-form.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePersonalDataMasking } from '../../../lib/personal-data-masking.ts';

/**
 * Bot settings: without canUpdateBotSettings (update_bot_settings), Save is disabled, edit/delete and the email section hidden.
 * Data retention (issue 43) and the masking of visitors' personal data (issue 58) come last, read only without it.
 */
export function BotSettingsScreen({ viewer }: { viewer: StaffMember }) {
  const mayEdit = canUpdateBotSettings(viewer);
  const { data: settings, isPending } = useBotSettings();
  const appearance = useBotAppearance().data;
  const retention = useDataRetention().data;
  const masking = usePersonalDataMasking().data;
  return (
    <section aria-labelledby="bot-settings-title">
      <PageHeader id="bot-settings-title" pretitle="Knowledge" title="Bot Settings" description="How the bot looks and talks on your site, when it offers your team's help, and who is told of help requests." />
      {isPending ? <LoadingPlaceholder /> : null}
      {appearance ? <BotAppearanceForm saved={appearance} mayEdit={mayEdit} /> : null}
      {settings ? <SupportThresholdForm threshold={settings.supportMessageThreshold} mayEdit={mayEdit} /> : null}
      <FunFactsSection mayEdit={mayEdit} />
      {mayEdit && settings?.helpRequestEmails ? <HelpRequestEmailsSection emails={settings.helpRequestEmails} /> : null}
      {retention ? <DataRetentionSection rows={retention} mayEdit={mayEdit} mayErase={canErasePersonalData(viewer)} /> : null}
      {masking === undefined ? null : <PersonalDataMaskingSection masked={masking} mayEdit={mayEdit} />}
    </section>
  );
}
