import { useRef, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import type { CurrentUser } from '@steward/contract/auth';
import type { RevealedPersonalData } from '@steward/contract/personal-data';
import { parseReasons } from '@steward/contract/feedback';
import { canSaveCorrection, canUseFeedbackShortcut } from '@steward/contract/permissions';
import { BackButton } from '../../../components/back-button.tsx';
import { RevealPersonalData, withRevealed } from '../../../components/reveal-personal-data.tsx';
import { SanitizedHtml } from '../../../components/sanitized-html.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useFeedback } from '../api/get-feedback.ts';
import { FeedbackCorrectionForm } from './feedback-correction-form.tsx';
import { RatingIcon } from './rating-icon.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-3">{label}</dt>
      {/* An empty value (no country) still takes its line, so labels stay beside their values. */}
      <dd className="col-sm-9 text-break" style={{ minHeight: '1.5rem' }}>
        {children}
      </dd>
    </>
  );
}

/** /feedback/{id}: every field, the chat history link, and the correction form for those who may inform the bot. */
export function FeedbackDetail({ viewer }: { viewer: CurrentUser }) {
  const id = useParams().id ?? '';
  const { data: masked, error, isPending } = useFeedback(id);
  const [revealed, setRevealed] = useState<RevealedPersonalData[] | null>(null);
  const feedback = masked ? withRevealed(masked, revealed) : masked;
  const formRef = useRef<HTMLElement>(null);
  const canCorrect = canSaveCorrection(viewer);

  const scrollToForm = () => {
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formRef.current?.querySelector('textarea')?.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="feedback-detail-title">
      <BackButton fallback="/feedback" />
      <PageHeader id="feedback-detail-title" pretitle="Conversations" title="Feedback" description="One rating: the question, the answer it was about, and what the visitor said." />
      {isPending ? <LoadingPlaceholder /> : null}
      {error ? <Alert variant="danger">{error.message}</Alert> : null}
      {feedback ? (
        <>
          {/* The shortcut only scrolls to the correction form, so it needs the form too. */}
          {feedback.rating === 'down' && canUseFeedbackShortcut(viewer) && canCorrect ? (
            <Button className="mb-3" onClick={scrollToForm}>
              Inform the Bot
            </Button>
          ) : null}
          <div className="card mb-3">
            <div className="card-body">
              <RevealPersonalData viewer={viewer} request={{ kind: 'feedback', id: feedback.id }} onRevealed={setRevealed} />
              <dl className="row mb-2">
                <Field label="ID">{feedback.id}</Field>
                <Field label="User IP">{feedback.user_ip}</Field>
                <Field label="Country">{feedback.country}</Field>
                <Field label="Time">{formatDateTime(feedback.time)}</Field>
                <Field label="User Feedback">{feedback.user_feedback}</Field>
                <Field label="Reason">
                  {parseReasons(feedback.reason).map((reason, index) => (
                    <div key={index}>{reason}</div>
                  ))}
                </Field>
                <Field label="User message">{feedback.user_message}</Field>
                <Field label="Response">
                  <SanitizedHtml html={feedback.api_response} />
                </Field>
                <Field label="Rating">
                  <RatingIcon rating={feedback.rating} />
                </Field>
              </dl>
              <Link to={`/history/${encodeURIComponent(feedback.session_id)}`}>View chat history</Link>
            </div>
          </div>
          {canCorrect ? <FeedbackCorrectionForm ref={formRef} feedbackId={feedback.id} question={feedback.user_message} /> : null}
        </>
      ) : null}
    </section>
  );
}
