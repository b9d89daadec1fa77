/** Only absolute http(s) URLs become links: a stored `javascript:` or `data:` URL must never be clickable. */
export function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The page the visitor asked from, opened in a new tab that cannot reach back into the dashboard. */
export function OriginLink({ url }: { url: string | null }) {
  if (!isHttpUrl(url)) return <span className="text-body-secondary">{url ? url : 'n/a'}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-break">
      {url}
    </a>
  );
}
