import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

interface SubmitButtonProps {
  /** While the form's call is under way: the button is disabled and reads `busyLabel`. */
  busy: boolean;
  busyLabel?: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** A form's submit button: disabled while saving, with its "…ing..." label then. */
export function SubmitButton({ busy, busyLabel, disabled = false, className, children }: SubmitButtonProps) {
  return (
    <Button type="submit" className={className} disabled={busy || disabled}>
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
