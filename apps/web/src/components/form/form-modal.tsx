import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { SubmitButton } from './submit-button.tsx';

interface FormModalProps {
  titleId: string;
  title: string;
  size?: 'lg';
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The submit button's label and its label while busy: Save and "Saving..." unless given. */
  submitLabel?: string;
  busyLabel?: string;
  /** Keeps the submit button disabled (nothing chosen yet). */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** An edit form in a modal (static backdrop): its fields, then Cancel and Save ("Saving...") or the given labels. */
export function FormModal({
  titleId,
  title,
  size,
  busy,
  onSubmit,
  onClose,
  submitLabel = 'Save',
  busyLabel = 'Saving...',
  submitDisabled = false,
  children,
}: FormModalProps) {
  return (
    <Modal show onHide={onClose} backdrop="static" centered size={size} aria-labelledby={titleId}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton busy={busy} busyLabel={busyLabel} disabled={submitDisabled}>
            {submitLabel}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
