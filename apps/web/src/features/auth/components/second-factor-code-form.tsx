import Form from 'react-bootstrap/Form';
import { secondFactorCodeRequest } from '@steward/contract/second-factor';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';

interface SecondFactorCodeFormProps {
  id: string;
  /** What the button says (Verify, Confirm, …). */
  action: string;
  hint?: string;
  onCode: (code: string) => Promise<void>;
}

/** One field for a six-digit code (or a recovery code, where one is taken), and its button. */
export function SecondFactorCodeForm({ id, action, hint, onCode }: SecondFactorCodeFormProps) {
  const { register, errors, isSubmitting, submitWith, reset } = useContractForm(secondFactorCodeRequest, { defaultValues: { code: '' }, errorFields: ['code'] });
  const onSubmit = submitWith(async ({ code }) => {
    await onCode(code);
    reset();
  });
  return (
    <Form noValidate onSubmit={onSubmit}>
      <FormField id={id} label="Code" error={errors.code?.message} hint={hint} className="mb-3">
        {(control) => <Form.Control type="text" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} {...control} {...register('code')} />}
      </FormField>
      <FormAlert error={errors.root?.message} />
      <SubmitButton busy={isSubmitting}>{action}</SubmitButton>
    </Form>
  );
}
