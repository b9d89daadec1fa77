import { queryOptions, useQuery } from '@tanstack/react-query';
import { botSettingRow } from '@steward/contract/bot-settings';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export interface BotSettings {
  supportMessageThreshold: string;
  /** Present only for those who may change them (update_bot_settings). */
  helpRequestEmails: string[] | undefined;
}

export async function getBotSettings(): Promise<BotSettings> {
  const rows = (await apiGet('/api/bot-settings', rowsAnswer(botSettingRow))).data.rows;
  const value = (type: string) => rows.find((row) => row.type === type)?.value;
  const emails = value('helpRequestEmails');
  return {
    supportMessageThreshold: value('supportMessageThreshold') ?? '',
    helpRequestEmails: emails === undefined ? undefined : (JSON.parse(emails) as string[]),
  };
}

export const botSettingsQueryKey = ['bot-settings'] as const;

export const getBotSettingsQueryOptions = () => queryOptions({ queryKey: botSettingsQueryKey, queryFn: getBotSettings });

export const useBotSettings = () => useQuery(getBotSettingsQueryOptions());
