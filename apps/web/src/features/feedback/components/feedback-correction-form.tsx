import { zodResolver } from '@hookform/resolvers/zod';
import { forwardRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  FEEDBACK_MESSAGES,
  feedbackCorrectionRequest,
  type FeedbackCorrectionRequest,
} from '@steward/contract/feedback';
import { FieldError } from '../../../components/field-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddFeedbackCorrection } from '../api/add-feedback-correction.ts';

interface FeedbackCorrectionFormProps {
  feedbackId: number;
  question: string;
}

/**
 * "Type correct answer to the question below.": files the answer as a pending
 * Inform-the-Bot correction that keeps the question. The ref is the section the
 * "Inform the Bot" shortcut scrolls to.
 */
export const FeedbackCorrectionForm = forwardRef<HTMLElement, FeedbackCorrectionFormProps>(function FeedbackCorrectionForm(
  { feedbackId, question },
  ref,
) {
  const addCorrection = useAddFeedbackCorrection(feedbackId);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackCorrectionRequest>({ resolver: zodResolver(feedbackCorrectionRequest), defaultValues: { content: '' } });

  const onSubmit = handleSubmit(async (request) => {
    setSaved(false);
    try {
      await addCorrection.mutateAsync(request);
      reset({ content: '' });
      setSaved(true);
    } catch (error) {
      setError('content', { message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' });
    }
  });

  return (
    <section ref={ref} id="inform-the-bot-form" className="card mt-4" aria-labelledby="correction-title" tabIndex={-1}>
      <div className="card-body">
        <Form noValidate onSubmit={onSubmit}>
          <h2 id="correction-title" className="h5">
            {FEEDBACK_MESSAGES.correctionFormTitle}
          </h2>
          <p className="text-body-secondary text-break" id="correction-question">
            {question}
          </p>
          <Form.Group className="mb-3" controlId="correction-content">
            <Form.Label className="visually-hidden">Correct answer</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              isInvalid={Boolean(errors.content)}
              aria-describedby={errors.content ? 'correction-content-error correction-question' : 'correction-question'}
              {...register('content', { onChange: () => setSaved(false) })}
            />
            <FieldError id="correction-content-error" message={errors.content?.message} />
          </Form.Group>
          {saved ? (
            <Alert variant="success" className="py-2" role="status">
              {FEEDBACK_MESSAGES.correctionAdded}
            </Alert>
          ) : null}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </Form>
      </div>
    </section>
  );
});
