import Form from 'react-bootstrap/Form';
import { updateDocumentRequest, type DocumentRow } from '@steward/contract/documents';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useUpdateDocument } from '../api/update-document.ts';

/** Edit a document's Title and Source URL; the server's message shows in the modal as it is. */
export function EditDocumentModal({ document, onSaved, onClose }: { document: DocumentRow; onSaved: () => void; onClose: () => void }) {
  const update = useUpdateDocument(document.file_id);
  const { register, errors, isSubmitting, submitWith } = useContractForm(updateDocumentRequest, {
    defaultValues: { title: document.title, source_url: document.source_url },
  });
  const onSubmit = submitWith(async (request) => {
    await update.mutateAsync(request);
    onSaved();
  });
  const id = `edit-document-${document.id}`;
  return (
    <FormModal titleId={`${id}-title`} title="Edit document" busy={isSubmitting} onSubmit={onSubmit} onClose={onClose}>
      <FormField id={`${id}-document-title`} label="Title" error={errors.title?.message} className="mb-3">
        {(control) => <Form.Control {...control} {...register('title')} />}
      </FormField>
      <FormField id={`${id}-source-url`} label="Source URL" error={errors.source_url?.message}>
        {(control) => <Form.Control type="url" {...control} {...register('source_url')} />}
      </FormField>
      <FormAlert error={errors.root?.message} below />
    </FormModal>
  );
}
