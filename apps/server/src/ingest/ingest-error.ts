/** A refusal with its reason in words a staff member can act on, shown as it is. */
export class StaffReasonError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

/**
 * A document that cannot be ingested ("This PDF is password-protected."). The job stores `reason` on the
 * document and shows it as-is.
 */
export class IngestError extends StaffReasonError {
  override readonly name = 'IngestError';
}
