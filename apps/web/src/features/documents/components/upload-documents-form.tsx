import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useFieldArray } from 'react-hook-form';
import { DOCUMENT_MESSAGES, MAX_FILES_PER_UPLOAD, UPLOAD_BUTTON_TEXT } from '@steward/contract/documents';
import { FormCard } from '../../../components/form/form-card.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useUploadDocuments } from '../upload-documents.ts';
import { EMPTY_UPLOAD_FORM, EMPTY_URL_ROW, uploadDocumentsForm, uploadFormProblems } from '../upload-form-values.ts';
import { COMPLETE, failed, IDLE, WAITING, type UploadProgress } from '../upload-progress.ts';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { DocumentUrlFields } from './document-url-fields.tsx';
import { DroppedFileFields } from './dropped-file-fields.tsx';
import { UploadProgressBar } from './upload-progress-bar.tsx';

const PROBLEMS_ID = 'upload-documents-problems';

/**
 * Dropped files (each with a Title and a Source URL) and "Document URL" rows, sent by Upload. The
 * bar follows the upload; a failure at any step shows only Failed, and the button then reads "Retry Upload".
 */
export function UploadDocumentsForm({ onUploaded }: { onUploaded: () => void }) {
  const upload = useUploadDocuments();
  const [progress, setProgress] = useState<UploadProgress>(IDLE);
  // A new drop area after a successful upload forgets the refusals of earlier drops.
  const [dropZoneKey, setDropZoneKey] = useState(0);
  const { register, control, reset, setError, errors, isSubmitting, submitWith } = useContractForm(uploadDocumentsForm, {
    defaultValues: EMPTY_UPLOAD_FORM,
  });
  const files = useFieldArray({ control, name: 'files' });
  const urls = useFieldArray({ control, name: 'urls' });
  const room = MAX_FILES_PER_UPLOAD - files.fields.length - urls.fields.length;
  const problems = uploadFormProblems(errors, files.fields.length, urls.fields.length);

  const onSubmit = submitWith(async (documents) => {
    if (documents.files.length + documents.urls.length === 0) {
      setError('root', { message: DOCUMENT_MESSAGES.noFiles });
      return;
    }
    let reached = WAITING;
    const report = (next: UploadProgress) => {
      reached = next;
      setProgress(next);
    };
    try {
      await upload.mutateAsync({ documents, report });
    } catch {
      setProgress(failed(reached));
      return;
    }
    reset(EMPTY_UPLOAD_FORM);
    setDropZoneKey((key) => key + 1);
    setProgress(COMPLETE);
    onUploaded();
  });

  return (
    <FormCard titleId="upload-documents-title" title="Upload documents" onSubmit={onSubmit}>
      <DocumentDropZone
        key={dropZoneKey}
        label="Document files"
        maxFiles={Math.max(1, room)}
        disabled={isSubmitting || room <= 0}
        onFilesAccepted={(accepted) => files.append(accepted.map((file) => ({ file, title: '', source_url: '' })))}
      />
      {files.fields.map((field, index) => (
        <DroppedFileFields
          key={field.id}
          index={index}
          fileName={field.file.name}
          register={register}
          errors={errors}
          problemsId={PROBLEMS_ID}
          disabled={isSubmitting}
          onRemove={() => files.remove(index)}
        />
      ))}
      <h3 className="h4 mt-4">Document URL</h3>
      <p className="small text-body-secondary">PDF documents on the web: the server fetches each one from its address.</p>
      {urls.fields.map((field, index) => (
        <DocumentUrlFields
          key={field.id}
          index={index}
          register={register}
          errors={errors}
          problemsId={PROBLEMS_ID}
          disabled={isSubmitting}
          onRemove={() => urls.remove(index)}
        />
      ))}
      <Button variant="outline-primary" className="mb-3" onClick={() => urls.append(EMPTY_URL_ROW)} disabled={isSubmitting || room <= 0}>
        Add Document
      </Button>
      <UploadProgressBar id="upload-documents-progress" progress={progress} />
      <div id={PROBLEMS_ID}>
        <FormAlert error={problems.length > 0 ? problems.join(' ') : errors.root?.message} />
      </div>
      <SubmitButton busy={isSubmitting}>{progress.phase === 'failed' ? UPLOAD_BUTTON_TEXT.retry : UPLOAD_BUTTON_TEXT.upload}</SubmitButton>
    </FormCard>
  );
}
