import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { editedFunFact, type FunFactFields, type FunFactRow } from '@steward/contract/bot-settings';
import { FieldError } from '../../../components/field-error.tsx';
import { useEditFunFact } from '../api/edit-fun-fact.ts';
import { messageOf } from './save-status.tsx';

export function FunFactEditModal({ funFact, onSaved, onClose }: { funFact: FunFactRow; onSaved: () => void; onClose: () => void }) {
  const edit = useEditFunFact(funFact.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FunFactFields>({ resolver: zodResolver(editedFunFact), defaultValues: { fact: funFact.fact, url: funFact.url } });
  const onSubmit = handleSubmit(async (fields) => {
    try {
      await edit.mutateAsync({ funFact: fields });
      onSaved();
    } catch (error) {
      setError('root', { message: messageOf(error) });
    }
  });
  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby="edit-fun-fact-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="edit-fun-fact-title" as="h2" className="h5">
            Edit fun fact
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="edit-fun-fact-fact">
            <Form.Label>Fact</Form.Label>
            <Form.Control isInvalid={Boolean(errors.fact)} aria-describedby={errors.fact ? 'edit-fun-fact-fact-error' : undefined} {...register('fact')} />
            <FieldError id="edit-fun-fact-fact-error" message={errors.fact?.message} />
          </Form.Group>
          <Form.Group controlId="edit-fun-fact-url">
            <Form.Label>Source URL</Form.Label>
            <Form.Control type="url" isInvalid={Boolean(errors.url)} aria-describedby={errors.url ? 'edit-fun-fact-url-error' : undefined} {...register('url')} />
            <FieldError id="edit-fun-fact-url-error" message={errors.url?.message} />
          </Form.Group>
          {errors.root?.message ? (
            <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
              {errors.root.message}
            </div>
          ) : null}
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
