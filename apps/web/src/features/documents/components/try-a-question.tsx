import Form from 'react-bootstrap/Form';
import { knowledgeSearchRequest } from '@steward/contract/documents';
import { FormCard } from '../../../components/form/form-card.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useSearchKnowledge } from '../api/search-knowledge.ts';
import { KnowledgePassageList } from './knowledge-passage-list.tsx';

const questionForm = knowledgeSearchRequest.pick({ query: true });

/**
 * "Try a question": the passages the bot would be given for a question, to check what the documents teach it;
 * with `documentId`, the same search over that document's passages only (its chunk viewer).
 */
export function TryAQuestion({ documentId }: { documentId?: number } = {}) {
  const search = useSearchKnowledge();
  const { register, errors, isSubmitting, submitWith } = useContractForm(questionForm, { defaultValues: { query: '' } });
  const onSubmit = submitWith(async ({ query }) => {
    await search.mutateAsync(documentId === undefined ? { query } : { query, document_id: documentId });
  });
  return (
    <FormCard titleId="try-a-question-title" title="Try a question" onSubmit={onSubmit}>
      <p className="small text-body-secondary">
        {documentId === undefined
          ? 'See which passages of the documents and of Inform the Bot would answer it.'
          : 'See which passages of this document would answer it, as the bot searches them.'}
      </p>
      <div className="d-flex flex-column flex-sm-row align-items-stretch align-items-sm-start gap-2">
        <FormField id="try-a-question-query" label="Question" labelHidden error={errors.query?.message} className="flex-grow-1">
          {(control) => <Form.Control {...control} {...register('query')} placeholder="Type a question" />}
        </FormField>
        <SubmitButton busy={isSubmitting} busyLabel="Searching...">
          Search
        </SubmitButton>
      </div>
      <FormAlert error={errors.root?.message} below />
      {search.data ? <KnowledgePassageList passages={search.data} /> : null}
    </FormCard>
  );
}
