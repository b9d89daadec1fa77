import Form from 'react-bootstrap/Form';
import { editedFunFact, type FunFactRow } from '@steward/contract/bot-settings';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useEditFunFact } from '../api/edit-fun-fact.ts';

export function FunFactEditModal({ funFact, onSaved, onClose }: { funFact: FunFactRow; onSaved: () => void; onClose: () => void }) {
  const edit = useEditFunFact(funFact.id);
  const { register, errors, isSubmitting, submitWith } = useContractForm(editedFunFact, { defaultValues: { fact: funFact.fact, url: funFact.url } });
  const onSubmit = submitWith(async (fields) => {
    await edit.mutateAsync({ funFact: fields });
    onSaved();
  });
  return (
    <FormModal titleId="edit-fun-fact-title" title="Edit fun fact" busy={isSubmitting} onSubmit={onSubmit} onClose={onClose}>
      <FormField id="edit-fun-fact-fact" label="Fact" error={errors.fact?.message} className="mb-3">
        {(control) => <Form.Control {...control} {...register('fact')} />}
      </FormField>
      <FormField id="edit-fun-fact-url" label="Source URL" error={errors.url?.message}>
        {(control) => <Form.Control type="url" {...control} {...register('url')} />}
      </FormField>
      <FormAlert error={errors.root?.message} below />
    </FormModal>
  );
}
