import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { SanitizedHtml } from '../../../components/sanitized-html.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCorrectionReplay } from '../api/get-correction-replay.ts';

/**
 * The table scrolls sideways on a phone inside a focusable region, so the keyboard can scroll it too.
 * Before approving a correction: the past questions most like its question, the answer the bot gave then
 * and the one it would give with the correction, side by side.
 */
export function CorrectionReplay({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const replay = useCorrectionReplay(id, open);
  const tableId = `replay-${id}`;
  return (
    <div className="mb-3">
      <Button size="sm" variant="outline-primary" aria-expanded={open} aria-controls={open ? tableId : undefined} onClick={() => setOpen(!open)}>
        {open ? 'Hide the replay' : 'Replay past questions'}
      </Button>
      {open && replay.isPending ? <LoadingPlaceholder /> : null}
      {open && replay.data ? (
        replay.data.length === 0 ? (
          <p className="small text-body-secondary mt-2 mb-0">No past question is like this one.</p>
        ) : (
          <div className="table-responsive mt-2" tabIndex={0} role="region" aria-label="Replay of past questions">
            <Table bordered size="sm" className="align-top mb-0 correction-replay" id={tableId}>
              <caption className="small">The past questions most like this correction's</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Answer then</th>
                  <th scope="col">With this correction</th>
                </tr>
              </thead>
              <tbody>
                {replay.data.map((row) => (
                  <tr key={row.history_id}>
                    <td className="text-break">
                      {row.user_message}
                      <span className="d-block small text-body-secondary">
                        {formatDateTime(row.time)} · {Math.round(row.likeness * 100)}% alike
                      </span>
                    </td>
                    <td className="text-break">
                      <SanitizedHtml html={row.answer_then} />
                    </td>
                    <td className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                      {row.answer_with_correction ?? <span className="text-body-secondary">The same answer: the question is not alike enough.</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )
      ) : null}
    </div>
  );
}
