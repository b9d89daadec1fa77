/** A section's outcome line: the success text, or the server's message as-is. */
export function SaveStatus({ success, error }: { success?: string | undefined; error?: string | undefined }) {
  if (error) {
    return (
      <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
        {error}
      </div>
    );
  }
  if (success) {
    return (
      <div className="alert alert-success py-2 mt-3 mb-0" role="status">
        {success}
      </div>
    );
  }
  return null;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
