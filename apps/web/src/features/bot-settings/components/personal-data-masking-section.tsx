import { useForm, useWatch } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { PERSONAL_DATA_MASKING_TEXTS } from '@steward/contract/personal-data';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useSavePersonalDataMasking } from '../api/save-personal-data-masking.ts';

interface MaskingForm {
  masked: boolean;
}

/**
 * Bot Settings' "Visitors' personal data" (issue 58, docs/privacy.md): the switch "Mask visitors' personal data",
 * off by default. Holders of update_bot_settings save it (audited); others see its state, disabled.
 */
export function PersonalDataMaskingSection({ masked, mayEdit }: { masked: boolean; mayEdit: boolean }) {
  const save = useSavePersonalDataMasking();
  const { outcome, save: saveWithOutcome } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    formState: { isSubmitting },
  } = useForm<MaskingForm>({ values: { masked } });
  const chosen = useWatch({ control, name: 'masked' });
  const onSubmit = handleSubmit((form) => saveWithOutcome(() => save.mutateAsync({ masked: form.masked }), PERSONAL_DATA_MASKING_TEXTS.saved));
  return (
    <FormCard titleId="personal-data-masking-title" title={PERSONAL_DATA_MASKING_TEXTS.title} onSubmit={onSubmit}>
      <Form.Check
        type="switch"
        role="switch"
        id="mask-personal-data"
        label={PERSONAL_DATA_MASKING_TEXTS.label}
        disabled={!mayEdit}
        aria-describedby="mask-personal-data-hint"
        {...register('masked')}
      />
      <p id="mask-personal-data-hint" className="form-text mb-0">
        {chosen ? PERSONAL_DATA_MASKING_TEXTS.on : PERSONAL_DATA_MASKING_TEXTS.off} {PERSONAL_DATA_MASKING_TEXTS.always}
      </p>
      <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!mayEdit} className="mt-3">
        Save
      </SubmitButton>
      <FormAlert {...outcome} below />
    </FormCard>
  );
}
