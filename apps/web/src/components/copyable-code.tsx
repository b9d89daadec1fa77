import { IconCheck, IconCopy } from './icons.tsx';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';

interface CopyableCodeProps {
  /** The text to show and copy (a snippet, a command, a link). */
  code: string;
  /** What it is, for the copy button's name: "Copy the embed snippet". */
  label: string;
}

/** A block of code with a Copy button; the button says "Copied" for a moment after a copy. */
export function CopyableCode({ code, label }: CopyableCodeProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="copyable-code d-flex align-items-start gap-2 border rounded p-2 bg-body-tertiary">
      <pre className="mb-0 flex-grow-1 small">
        <code>{code}</code>
      </pre>
      <Button variant="outline-secondary" size="sm" className="flex-shrink-0 d-inline-flex align-items-center gap-1" onClick={copy} aria-label={label}>
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </Button>
    </div>
  );
}
