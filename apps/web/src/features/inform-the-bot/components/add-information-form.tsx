import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  addInformationForm,
  INFORM_THE_BOT_FILE_TYPES,
  INFORM_THE_BOT_MESSAGES,
  MAX_UPLOAD_FILES,
  type AddInformationForm as AddInformationValues,
} from '@steward/contract/inform-the-bot';
import { FieldError } from '../../../components/field-error.tsx';
import { useCreateInformTheBotItems } from '../api/create-inform-the-bot-items.ts';

/** "Add new information": typed content and/or .txt/.csv/.pdf files; the new rows go to the top of the list. */
export function AddInformationForm({ onAdded }: { onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateInformTheBotItems();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddInformationValues>({ resolver: zodResolver(addInformationForm), defaultValues: { content: '' } });

  const close = () => {
    reset();
    setFiles([]);
    setOpen(false);
  };
  const onSubmit = handleSubmit(async ({ content }) => {
    if (content.trim() === '' && files.length === 0) {
      setError('content', { message: INFORM_THE_BOT_MESSAGES.addContentRequired });
      return;
    }
    if (files.length > MAX_UPLOAD_FILES) {
      setError('root', { message: `Too many files: at most ${MAX_UPLOAD_FILES} at once.` });
      return;
    }
    try {
      await create.mutateAsync({ content: content.trim(), files });
      close();
      setAdded(true);
      onAdded();
    } catch (error) {
      setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });

  if (!open) {
    return (
      <div className="mb-3">
        {added ? (
          <Alert variant="success" role="status" onClose={() => setAdded(false)} dismissible>
            {INFORM_THE_BOT_MESSAGES.added}
          </Alert>
        ) : null}
        <Button
          onClick={() => {
            setAdded(false);
            setOpen(true);
          }}
        >
          Add new information
        </Button>
      </div>
    );
  }
  return (
    <Card className="mb-3">
      <Card.Body>
        <Form noValidate onSubmit={onSubmit} aria-labelledby="add-information-title">
          <h2 id="add-information-title" className="h5">
            Add new information
          </h2>
          <Form.Group className="mb-3" controlId="add-information-content">
            <Form.Label>Content</Form.Label>
            <Form.Control
              as="textarea"
              rows={5}
              isInvalid={Boolean(errors.content)}
              aria-describedby={errors.content ? 'add-information-content-error' : undefined}
              {...register('content')}
            />
            <FieldError id="add-information-content-error" message={errors.content?.message} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="add-information-files">
            <Form.Label>Or upload files ({INFORM_THE_BOT_FILE_TYPES.join(', ')})</Form.Label>
            <Form.Control
              ref={fileInput}
              type="file"
              multiple
              accept={INFORM_THE_BOT_FILE_TYPES.join(',')}
              onChange={(event) => setFiles([...((event.target as HTMLInputElement).files ?? [])])}
            />
          </Form.Group>
          {errors.root?.message ? (
            <div className="alert alert-danger py-2" role="alert">
              {errors.root.message}
            </div>
          ) : null}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
