import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BOT_SETTINGS_MESSAGES, SUPPORT_MESSAGE_THRESHOLD, thresholdForm, type ThresholdForm } from '@steward/contract/bot-settings';
import { FieldError } from '../../../components/field-error.tsx';
import { useSaveBotSettings } from '../api/save-bot-settings.ts';
import { messageOf, SaveStatus } from './save-status.tsx';

export function SupportThresholdForm({ threshold, mayEdit }: { threshold: string; mayEdit: boolean }) {
  const save = useSaveBotSettings();
  const [status, setStatus] = useState<{ success?: string; error?: string }>({});
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ThresholdForm>({ resolver: zodResolver(thresholdForm), values: { supportMessageThreshold: threshold } });
  const onSubmit = handleSubmit(async ({ supportMessageThreshold }) => {
    setStatus({});
    try {
      await save.mutateAsync({ settings: { supportMessageThreshold: Number(supportMessageThreshold) } });
      setStatus({ success: BOT_SETTINGS_MESSAGES.saved });
    } catch (error) {
      setStatus({ error: messageOf(error) });
    }
  });
  return (
    <Card className="mb-4">
      <Card.Body>
        <Form noValidate onSubmit={onSubmit}>
          <Form.Group controlId="support-message-threshold">
            <Form.Label className="h5">Bot Support Message Threshold</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              min={SUPPORT_MESSAGE_THRESHOLD.min}
              max={SUPPORT_MESSAGE_THRESHOLD.max}
              step={1}
              className="threshold-input"
              isInvalid={Boolean(errors.supportMessageThreshold)}
              aria-describedby={`support-message-threshold-help${errors.supportMessageThreshold ? ' support-message-threshold-error' : ''}`}
              {...register('supportMessageThreshold')}
            />
            <Form.Text id="support-message-threshold-help">{BOT_SETTINGS_MESSAGES.thresholdHelp}</Form.Text>
            <FieldError id="support-message-threshold-error" message={errors.supportMessageThreshold?.message} />
          </Form.Group>
          <Button type="submit" className="mt-3" disabled={!mayEdit || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
          <SaveStatus {...status} />
        </Form>
      </Card.Body>
    </Card>
  );
}
