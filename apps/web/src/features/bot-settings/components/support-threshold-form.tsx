import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BOT_SETTINGS_MESSAGES, SUPPORT_MESSAGE_THRESHOLD, thresholdForm, type ThresholdForm } from '@steward/contract/bot-settings';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useSaveBotSettings } from '../api/save-bot-settings.ts';
import { SupportThresholdPreview } from './support-threshold-preview.tsx';

export function SupportThresholdForm({ threshold, mayEdit }: { threshold: string; mayEdit: boolean }) {
  const save = useSaveBotSettings();
  const { outcome, save: saveWithOutcome } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ThresholdForm>({ resolver: zodResolver(thresholdForm), values: { supportMessageThreshold: threshold } });
  const typed = useWatch({ control, name: 'supportMessageThreshold' });
  const onSubmit = handleSubmit(({ supportMessageThreshold }) =>
    saveWithOutcome(() => save.mutateAsync({ settings: { supportMessageThreshold: Number(supportMessageThreshold) } }), BOT_SETTINGS_MESSAGES.saved),
  );
  return (
    <Card className="mb-4">
      <Card.Body>
        <Form noValidate onSubmit={onSubmit}>
          <FormField
            id="support-message-threshold"
            label="Bot Support Message Threshold"
            labelClassName="card-title"
            hint={BOT_SETTINGS_MESSAGES.thresholdHelp}
            error={errors.supportMessageThreshold?.message}
          >
            {(control) => (
              <Form.Control
                type="number"
                inputMode="numeric"
                min={SUPPORT_MESSAGE_THRESHOLD.min}
                max={SUPPORT_MESSAGE_THRESHOLD.max}
                step={1}
                className="threshold-input"
                {...control}
                {...register('supportMessageThreshold')}
              />
            )}
          </FormField>
          {mayEdit ? <SupportThresholdPreview typed={typed} /> : null}
          <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!mayEdit} className="mt-3">
            Save
          </SubmitButton>
          <FormAlert {...outcome} below />
        </Form>
      </Card.Body>
    </Card>
  );
}
