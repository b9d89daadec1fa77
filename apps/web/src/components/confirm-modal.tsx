import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from './form/error-message.ts';

interface ConfirmModalProps {
  show: boolean;
  /** "delete" asks first and shows a red confirm button; "success" only reports. */
  type: 'delete' | 'success';
  /** The question (delete) or the news (success). */
  message: ReactNode;
  /** Shown after the confirmed action succeeded, in place of the question. */
  successMessage?: string;
  confirmLabel?: string;
  onConfirm?: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The shared confirmation modal: static backdrop, a confirm button, a line for the
 * server's error message, and the success message once done.
 */
export function ConfirmModal({ show, type, message, successMessage, confirmLabel, onConfirm, onClose }: ConfirmModalProps) {
  const messageId = useId();
  const [state, setState] = useState<{ working: boolean; error?: string; done: boolean }>({ working: false, done: false });
  const close = () => {
    setState({ working: false, done: false });
    onClose();
  };
  const confirm = async () => {
    if (!onConfirm) return close();
    setState({ working: true, done: false });
    try {
      await onConfirm();
      setState({ working: false, done: true });
    } catch (error) {
      setState({ working: false, done: false, error: errorMessage(error) });
    }
  };
  const finished = type === 'success' || state.done;
  return (
    <Modal show={show} onHide={close} backdrop="static" keyboard={!state.working} centered aria-labelledby={messageId}>
      <Modal.Body>
        <p id={messageId} className="mb-0" role={finished ? 'status' : undefined}>
          {state.done && successMessage ? successMessage : message}
        </p>
        {state.error ? (
          <p className="text-danger mt-2 mb-0" role="alert">
            {state.error}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        {finished ? (
          <Button onClick={close}>OK</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={state.working}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} disabled={state.working}>
              {state.working ? 'Deleting...' : (confirmLabel ?? 'Delete')}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
