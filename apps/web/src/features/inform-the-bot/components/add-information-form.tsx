import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import {
  addInformationForm,
  CORRECTION_QUESTION_PARAM,
  INFORM_THE_BOT_FILE_TYPES,
  INFORM_THE_BOT_MESSAGES,
  MAX_UPLOAD_FILES,
} from '@steward/contract/inform-the-bot';
import { tooManyFilesMessage } from '@steward/contract/uploads';
import { FormCard } from '../../../components/form/form-card.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useCreateInformTheBotItems } from '../api/create-inform-the-bot-items.ts';

/**
 * "Add new information": typed content and/or .txt/.csv/.pdf files; the new rows go to the top of the list.
 * With ?question=… in the URL (the session detail's "Correct this answer") it opens as a correction of
 * that question: typed content only, saved with the question.
 */
export function AddInformationForm({ onAdded }: { onAdded: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const question = searchParams.get(CORRECTION_QUESTION_PARAM)?.trim() || undefined;
  const [open, setOpen] = useState(question !== undefined);
  const [added, setAdded] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateInformTheBotItems();
  const { register, setError, reset, errors, isSubmitting, submitWith } = useContractForm(addInformationForm, { defaultValues: { content: '' } });

  const close = () => {
    reset();
    setFiles([]);
    setOpen(false);
    if (question !== undefined) {
      setSearchParams((params) => {
        params.delete(CORRECTION_QUESTION_PARAM);
        return params;
      }, { replace: true });
    }
  };
  const onSubmit = submitWith(async ({ content }) => {
    if (content.trim() === '' && files.length === 0) {
      setError('content', { message: INFORM_THE_BOT_MESSAGES.addContentRequired });
      return;
    }
    if (files.length > MAX_UPLOAD_FILES) {
      setError('root', { message: tooManyFilesMessage(MAX_UPLOAD_FILES) });
      return;
    }
    await create.mutateAsync({ content: content.trim(), files, ...(question === undefined ? {} : { question }) });
    close();
    setAdded(true);
    onAdded();
  });

  if (!open && question === undefined) {
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
    <FormCard
      titleId="add-information-title"
      title={question === undefined ? 'Add new information' : INFORM_THE_BOT_MESSAGES.correctionTitle}
      onSubmit={onSubmit}
      className="mb-3"
    >
      {question === undefined ? null : (
        <blockquote className="correction-question mb-3" aria-label="Question">
          {question}
        </blockquote>
      )}
      <FormField
        id="add-information-content"
        label={question === undefined ? 'Content' : 'Correct answer'}
        error={errors.content?.message}
        className="mb-3"
      >
        {(control) => <Form.Control as="textarea" rows={5} {...control} {...register('content')} />}
      </FormField>
      {question === undefined ? <Form.Group className="mb-3" controlId="add-information-files">
        <Form.Label>Or upload files ({INFORM_THE_BOT_FILE_TYPES.join(', ')})</Form.Label>
        <Form.Control
          ref={fileInput}
          type="file"
          multiple
          accept={INFORM_THE_BOT_FILE_TYPES.join(',')}
          onChange={(event) => setFiles([...((event.target as HTMLInputElement).files ?? [])])}
        />
      </Form.Group> : null}
      <FormAlert error={errors.root?.message} />
      <div className="d-flex gap-2">
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          Save
        </SubmitButton>
        <Button variant="secondary" onClick={close} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </FormCard>
  );
}
