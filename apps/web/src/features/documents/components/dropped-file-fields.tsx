import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import type { UploadDocumentsFormValues } from '../upload-form-values.ts';
import { AccessibleLabel } from './accessible-label.tsx';

interface DroppedFileFieldsProps {
  index: number;
  fileName: string;
  register: UseFormRegister<UploadDocumentsFormValues>;
  errors: FieldErrors<UploadDocumentsFormValues>;
  /** The id of the form's list of problems, which describes an invalid input. */
  problemsId: string;
  disabled: boolean;
  onRemove: () => void;
}

/** One dropped file: its name, a Title and a Source URL, and a remove button. */
export function DroppedFileFields({ index, fileName, register, errors, problemsId, disabled, onRemove }: DroppedFileFieldsProps) {
  const titleInvalid = Boolean(errors.files?.[index]?.title);
  const sourceUrlInvalid = Boolean(errors.files?.[index]?.source_url);
  const id = `upload-file-${index}`;
  return (
    <fieldset className="border rounded p-3 mb-3" aria-label={fileName}>
      <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
        <span className="fw-semibold breakable">{fileName}</span>
        <Button size="sm" variant="outline-danger" onClick={onRemove} disabled={disabled} aria-label={`Remove ${fileName}`}>
          Remove
        </Button>
      </div>
      <div className="row g-2">
        <FormField id={`${id}-title`} label={<AccessibleLabel text="Title" of={fileName} />} error={undefined} describedBy={titleInvalid ? problemsId : undefined} className="col-md-6">
          {(control) => <Form.Control {...control} isInvalid={titleInvalid} aria-invalid={titleInvalid} {...register(`files.${index}.title`)} />}
        </FormField>
        <FormField
          id={`${id}-source-url`}
          label={<AccessibleLabel text="Source URL" of={fileName} />}
          error={undefined}
          describedBy={sourceUrlInvalid ? problemsId : undefined}
          className="col-md-6"
        >
          {(control) => <Form.Control type="url" placeholder="https://" {...control} isInvalid={sourceUrlInvalid} aria-invalid={sourceUrlInvalid} {...register(`files.${index}.source_url`)} />}
        </FormField>
      </div>
    </fieldset>
  );
}
