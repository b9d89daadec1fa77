import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { editInformTheBotRequest, type EditInformTheBotRequest, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import { FieldError } from '../../../components/field-error.tsx';
import { useEditInformTheBotItem } from '../api/edit-inform-the-bot-item.ts';

/** The edit modal: a content textarea and Save; the server's message shows under the textarea. */
export function EditInformationModal({ row, onClose }: { row: InformTheBotRow; onClose: () => void }) {
  const edit = useEditInformTheBotItem(row.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditInformTheBotRequest>({
    resolver: zodResolver(editInformTheBotRequest),
    defaultValues: { content: row.content, type: row.type },
  });
  const onSubmit = handleSubmit(async (request) => {
    try {
      await edit.mutateAsync(request);
      onClose();
    } catch (error) {
      setError('content', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  const errorId = `edit-information-${row.id}-error`;
  return (
    <Modal show onHide={onClose} backdrop="static" centered size="lg" aria-labelledby={`edit-information-${row.id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`edit-information-${row.id}-title`} as="h2" className="h5">
            Edit information
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId={`edit-information-${row.id}-content`}>
            <Form.Label>Content</Form.Label>
            <Form.Control
              as="textarea"
              rows={8}
              isInvalid={Boolean(errors.content)}
              aria-describedby={errors.content ? errorId : undefined}
              {...register('content')}
            />
            <FieldError id={errorId} message={errors.content?.message} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
