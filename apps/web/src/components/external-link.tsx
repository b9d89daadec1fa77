import { IconExternalLink } from './icons.tsx';
import type { ReactNode } from 'react';
import { isHttpUrl } from '../lib/safe-url.ts';

/**
 * A link to somewhere outside the dashboard, opened in a new tab without giving the
 * page a handle on ours. Anything but an http(s) URL is shown as plain text.
 */
export function ExternalLink({ href, children }: { href: string | null | undefined; children?: ReactNode }) {
  const label = children ?? href ?? '';
  if (!href || !isHttpUrl(href)) return <span>{label}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {label}
      <IconExternalLink className="ms-1 external-link-icon" size={14} />
    </a>
  );
}
