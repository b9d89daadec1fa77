import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client.ts';

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** The one way a failed call becomes a message: the server's message as-is, or a plain apology for anything else. */
export const errorMessage = (error: unknown): string => (error instanceof ApiError ? error.message : SOMETHING_WENT_WRONG);

/**
 * Shows a failed call where the spec puts it: under the field the server names when it is one of
 * `fieldsWithErrors`, otherwise in the form alert (react-hook-form's `root` error).
 */
export function showCallError<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fieldsWithErrors: readonly FieldPath<Values>[] = [],
): void {
  const field = error instanceof ApiError ? fieldsWithErrors.find((name) => name === error.field) : undefined;
  setError(field ?? 'root', { message: errorMessage(error) });
}
