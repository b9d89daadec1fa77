import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError } from './field-error.tsx';

/** What the field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  isInvalid: boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  /** The control's id; the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** The validation or server message shown under the control. */
  error: string | undefined;
  /** A line of help under the control (a password's requirements). */
  hint?: ReactNode;
  /** Further ids that describe the control (a question it answers). */
  describedBy?: string;
  className?: string;
  labelClassName?: string;
  labelHidden?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled field with its hint and its error; the control comes from `children`. */
export function FormField({ id, label, error, hint, describedBy, className, labelClassName, labelHidden, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedByIds = [hint ? hintId : undefined, describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id} className={labelClassName} visuallyHidden={labelHidden}>
        {label}
      </Form.Label>
      {children({ id, isInvalid: Boolean(error), 'aria-describedby': describedByIds || undefined })}
      {hint ? (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      ) : null}
      <FieldError id={errorId} message={error} />
    </Form.Group>
  );
}
