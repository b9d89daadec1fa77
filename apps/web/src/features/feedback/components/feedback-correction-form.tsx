import { forwardRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FEEDBACK_MESSAGES, feedbackCorrectionRequest } from '@steward/contract/feedback';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useAddFeedbackCorrection } from '../api/add-feedback-correction.ts';

/** Where the saved answer goes next, and who lets it reach the bot (canApproveInformation). */
const CORRECTION_APPROVAL_NOTE = `The bot answers with it once another team member approves it in Inform the Bot. ${INFORM_THE_BOT_MESSAGES.approvalRule}`;

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
  const { register, reset, errors, isSubmitting, submitWith } = useContractForm(feedbackCorrectionRequest, {
    defaultValues: { content: '' },
    errorsUnder: 'content',
  });

  const onSubmit = submitWith(async (request) => {
    setSaved(false);
    await addCorrection.mutateAsync(request);
    reset({ content: '' });
    setSaved(true);
  });

  return (
    <section ref={ref} id="inform-the-bot-form" className="card mt-4" aria-labelledby="correction-title" tabIndex={-1}>
      <div className="card-body">
        <Form noValidate onSubmit={onSubmit}>
          <h2 id="correction-title" className="card-title">
            {FEEDBACK_MESSAGES.correctionFormTitle}
          </h2>
          <p className="text-body-secondary text-break" id="correction-question">
            {question}
          </p>
          <FormField
            id="correction-content"
            label="Correct answer"
            labelHidden
            error={errors.content?.message}
            describedBy="correction-question"
            className="mb-3"
          >
            {(control) => <Form.Control as="textarea" rows={4} {...control} {...register('content', { onChange: () => setSaved(false) })} />}
          </FormField>
          <p className="form-text mt-n2 mb-3" data-testid="correction-approval-rule">
            {CORRECTION_APPROVAL_NOTE}
          </p>
          <FormAlert success={saved ? FEEDBACK_MESSAGES.correctionAdded : undefined} />
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            Save
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
});
