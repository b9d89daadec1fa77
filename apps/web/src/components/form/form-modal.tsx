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
  children: ReactNode;
}

/** An edit form in a modal (static backdrop): its fields, then Cancel and Save ("Saving..."). */
export function FormModal({ titleId, title, size, busy, onSubmit, onClose, children }: FormModalProps) {
  return (
    <Modal show onHide={onClose} backdrop="static" centered size={size} aria-labelledby={titleId}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
