interface FormAlertProps {
  /** A failure: shown in red and announced at once. */
  error?: string | undefined;
  /** Success news, shown when there is no error. */
  success?: string | undefined;
  /** Below the submit button (spaced from it), rather than above it. */
  below?: boolean;
}

/** A form's outcome line: its error (the server's message, or a form-wide check), or its success text. */
export function FormAlert({ error, success, below = false }: FormAlertProps) {
  const spacing = below ? ' mt-3 mb-0' : '';
  if (error) {
    return (
      <div className={`alert alert-danger py-2${spacing}`} role="alert">
        {error}
      </div>
    );
  }
  if (success) {
    return (
      <div className={`alert alert-success py-2${spacing}`} role="status">
        {success}
      </div>
    );
  }
  return null;
}
