/**
 * A document that cannot be ingested, with the reason in words a staff member can act on
 * ("This PDF is password-protected."). The job stores `reason` on the document and shows it as-is.
 */
export class IngestError extends Error {
  override readonly name = 'IngestError';

  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}
