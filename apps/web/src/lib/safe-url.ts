/**
 * True only for absolute http(s) URLs. Links built from what the chatbot stored
 * (source documents, origins) are shown as links only when this holds, so a
 * `javascript:` or `data:` address can never become a clickable href.
 */
export function isHttpUrl(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
