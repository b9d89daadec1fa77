/** Why a PDF gives no text, in the staff member's words (shared by the worker and parse-pdf.ts). */
export const PDF_REASONS = {
  noText: 'This PDF has no extractable text (is it a scan?)',
  password: 'This PDF is password-protected.',
  protectedNoText: 'This PDF is protected and no text could be read from it.',
  damaged: 'This PDF is damaged and cannot be read.',
} as const;
