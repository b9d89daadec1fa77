import Form from 'react-bootstrap/Form';
import { editInformTheBotRequest, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import { FormField } from '../../../components/form/form-field.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useEditInformTheBotItem } from '../api/edit-inform-the-bot-item.ts';

/** The edit modal: a content textarea and Save; the server's message shows under the textarea. */
export function EditInformationModal({ row, onClose }: { row: InformTheBotRow; onClose: () => void }) {
  const edit = useEditInformTheBotItem(row.id);
  const { register, errors, isSubmitting, submitWith } = useContractForm(editInformTheBotRequest, {
    defaultValues: { content: row.content, type: row.type },
    errorsUnder: 'content',
  });
  const onSubmit = submitWith(async (request) => {
    await edit.mutateAsync(request);
    onClose();
  });
  return (
    <FormModal titleId={`edit-information-${row.id}-title`} title="Edit information" size="lg" busy={isSubmitting} onSubmit={onSubmit} onClose={onClose}>
      <FormField id={`edit-information-${row.id}-content`} label="Content" error={errors.content?.message}>
        {(control) => <Form.Control as="textarea" rows={8} {...control} {...register('content')} />}
      </FormField>
    </FormModal>
  );
}
