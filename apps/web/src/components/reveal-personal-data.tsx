import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { rowsAnswer } from '@steward/contract/envelope';
import { canViewPersonalData, type StaffMember } from '@steward/contract/permissions';
import {
  PERSONAL_DATA_TEXTS,
  type RevealedPersonalData,
  revealedPersonalDataRow,
  type RevealPersonalDataRequest,
} from '@steward/contract/personal-data';
import { apiPost } from '../lib/api-client.ts';
import { usePersonalDataMasking } from '../lib/personal-data-masking.ts';
import { errorMessage } from './form/error-message.ts';
import { IconEye } from './icons.tsx';

/** POST /api/personal-data/reveal: one record's personal fields, whole (the server records the reveal in the audit log). */
export const revealPersonalData = (request: RevealPersonalDataRequest) =>
  apiPost('/api/personal-data/reveal', request, rowsAnswer(revealedPersonalDataRow));

/**
 * The Reveal button of a History, Feedback or Help Request detail, for whoever holds view_personal_data, while
 * masking is on: then the server masks emails, phone numbers and addresses for everyone (docs/privacy.md); this
 * asks for the record whole and hands it to the screen, which shows it in place of the masked values. With
 * masking off (the default) the screen shows them whole already, and there is nothing to reveal.
 */
export function RevealPersonalData({
  viewer,
  request,
  onRevealed,
}: {
  viewer: StaffMember;
  request: RevealPersonalDataRequest;
  onRevealed: (rows: RevealedPersonalData[]) => void;
}) {
  const mayReveal = canViewPersonalData(viewer);
  const masking = usePersonalDataMasking({ enabled: mayReveal });
  const reveal = useMutation({ mutationFn: () => revealPersonalData(request), onSuccess: (answer) => onRevealed(answer.data.rows) });
  if (!mayReveal || masking.data !== true) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={PERSONAL_DATA_TEXTS.revealLabel}
        disabled={reveal.isPending || reveal.isSuccess}
        onClick={() => reveal.mutate()}
      >
        <IconEye /> {reveal.isPending ? PERSONAL_DATA_TEXTS.revealing : PERSONAL_DATA_TEXTS.reveal}
      </Button>
      <span role="status" className="small text-body-secondary">
        {reveal.isSuccess ? PERSONAL_DATA_TEXTS.revealed : ''}
      </span>
      {reveal.isError ? (
        <span role="alert" className="small text-danger">
          {errorMessage(reveal.error)}
        </span>
      ) : null}
    </div>
  );
}

/** A row with what a reveal answered for it (by id) in place of its masked fields. */
export function withRevealed<Row extends { id: number }>(row: Row, revealed: readonly RevealedPersonalData[] | null): Row {
  const whole = revealed?.find((entry) => entry.id === row.id);
  if (!whole) return row;
  const fields = Object.fromEntries(Object.entries(whole).filter(([key, value]) => key !== 'id' && value !== undefined && key in row));
  return { ...row, ...fields };
}
