import { SUPPORT_MESSAGE_THRESHOLD } from '@steward/contract/bot-settings';
import { INSIGHTS_TEXTS, SUPPORT_PREVIEW_DAYS } from '@steward/contract/insights';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSupportPreview } from '../api/get-support-preview.ts';

const PREVIEW_DEBOUNCE_MS = 400;

const candidateOf = (typed: string): number | undefined => {
  const value = Number(typed);
  return typed.trim() !== '' && Number.isInteger(value) && value >= SUPPORT_MESSAGE_THRESHOLD.min && value <= SUPPORT_MESSAGE_THRESHOLD.max ? value : undefined;
};

/** Under the threshold field, before saving: how many recent sessions the typed value would have reached. */
export function SupportThresholdPreview({ typed }: { typed: string }) {
  const candidate = useDebouncedValue(candidateOf(typed), PREVIEW_DEBOUNCE_MS);
  const { data: preview } = useSupportPreview(candidate);
  return (
    <p className="small text-secondary mt-2 mb-0" role="status" aria-live="polite" data-testid="support-threshold-preview">
      {preview && candidate !== undefined ? INSIGHTS_TEXTS.supportPreview(preview.sessions_reached, preview.sessions_total, SUPPORT_PREVIEW_DAYS) : null}
    </p>
  );
}
