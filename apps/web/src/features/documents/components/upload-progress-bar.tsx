import ProgressBar from 'react-bootstrap/ProgressBar';
import { UPLOAD_PROGRESS_TEXT } from '@steward/contract/documents';
import type { UploadProgress } from '../upload-progress.ts';

const VARIANT: Partial<Record<UploadProgress['phase'], string>> = { complete: 'success', failed: 'danger' };

/** The upload's state in words and as a bar; screen readers hear each new state, and read the bar by it. */
export function UploadProgressBar({ id, progress }: { id: string; progress: UploadProgress }) {
  if (progress.phase === 'idle') return null;
  const text = UPLOAD_PROGRESS_TEXT[progress.phase];
  const labelId = `${id}-label`;
  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between gap-2 small mb-1">
        <span id={labelId} role="status">
          {text}
        </span>
        <span aria-hidden="true">{progress.percent}%</span>
      </div>
      <ProgressBar>
        <ProgressBar
          now={progress.percent}
          variant={VARIANT[progress.phase]}
          animated={progress.phase === 'registering'}
          aria-labelledby={labelId}
          aria-valuetext={`${text} ${progress.percent}%`}
        />
      </ProgressBar>
    </div>
  );
}
