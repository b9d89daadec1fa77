import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import type { UploadDocumentsFormValues } from '../upload-form-values.ts';
import { AccessibleLabel } from './accessible-label.tsx';

interface DocumentUrlFieldsProps {
  index: number;
  register: UseFormRegister<UploadDocumentsFormValues>;
  errors: FieldErrors<UploadDocumentsFormValues>;
  /** The id of the form's list of problems, which describes an invalid input. */
  problemsId: string;
  disabled: boolean;
  onRemove: () => void;
}

/** One "Document URL" row: the PDF's Source URL and its Title, and Remove. */
export function DocumentUrlFields({ index, register, errors, problemsId, disabled, onRemove }: DocumentUrlFieldsProps) {
  const urlInvalid = Boolean(errors.urls?.[index]?.url);
  const titleInvalid = Boolean(errors.urls?.[index]?.title);
  const id = `upload-url-${index}`;
  const name = `document URL ${index + 1}`;
  return (
    <div className="row g-2 align-items-end mb-3" role="group" aria-label={`Document URL ${index + 1}`}>
      <FormField id={`${id}-url`} label={<AccessibleLabel text="Source URL" of={name} />} error={undefined} describedBy={urlInvalid ? problemsId : undefined} className="col-md-6">
        {(control) => <Form.Control type="url" placeholder="https://…/document.pdf" {...control} isInvalid={urlInvalid} aria-invalid={urlInvalid} {...register(`urls.${index}.url`)} />}
      </FormField>
      <FormField id={`${id}-title`} label={<AccessibleLabel text="Title" of={name} />} error={undefined} describedBy={titleInvalid ? problemsId : undefined} className="col-md-4">
        {(control) => <Form.Control {...control} isInvalid={titleInvalid} aria-invalid={titleInvalid} {...register(`urls.${index}.title`)} />}
      </FormField>
      <div className="col-md-2">
        <Button variant="outline-danger" className="w-100" onClick={onRemove} disabled={disabled} aria-label={`Remove document URL ${index + 1}`}>
          Remove
        </Button>
      </div>
    </div>
  );
}
