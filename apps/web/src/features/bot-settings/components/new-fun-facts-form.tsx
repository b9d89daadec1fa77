import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BOT_SETTINGS_MESSAGES, funFactPreview, MAX_NEW_FUN_FACTS, newFunFactsRequest, type FunFactFields } from '@steward/contract/bot-settings';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useAddFunFacts } from '../api/add-fun-facts.ts';

const emptyRow: FunFactFields = { fact: '', url: '' };

/** Rows of Fact and Source URL, each previewed as the chatbot shows it; one message for all rows. */
export function NewFunFactsForm({ mayEdit }: { mayEdit: boolean }) {
  const add = useAddFunFacts();
  const { outcome, save, fail } = useFormOutcome();
  const { register, control, handleSubmit, reset, formState } = useForm<{ funFacts: FunFactFields[] }>({
    defaultValues: { funFacts: [emptyRow] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'funFacts' });
  const rows = useWatch({ control, name: 'funFacts' });
  const onSubmit = handleSubmit(async (values) => {
    const parsed = newFunFactsRequest.safeParse(values);
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? BOT_SETTINGS_MESSAGES.factsRequired);
      return;
    }
    await save(async () => {
      await add.mutateAsync(parsed.data);
      reset({ funFacts: [emptyRow] });
    }, BOT_SETTINGS_MESSAGES.saved);
  });
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="new-fun-facts-title">
      <h3 id="new-fun-facts-title" className="h4 mt-4">
        Add fun facts
      </h3>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="border rounded p-3 mb-3" aria-label={`New fun fact ${index + 1}`}>
          <div className="row g-2">
            <Form.Group className="col-md-6" controlId={`new-fun-fact-${index}-fact`}>
              <Form.Label>Fact</Form.Label>
              <Form.Control {...register(`funFacts.${index}.fact`)} />
            </Form.Group>
            <Form.Group className="col-md-6" controlId={`new-fun-fact-${index}-url`}>
              <Form.Label>Source URL</Form.Label>
              <Form.Control type="url" placeholder="https://" {...register(`funFacts.${index}.url`)} />
            </Form.Group>
          </div>
          {rows[index]?.fact.trim() ? <p className="mt-2 mb-0 fst-italic text-break">{funFactPreview(rows[index].fact.trim())}</p> : null}
          {fields.length > 1 ? (
            <Button variant="link" size="sm" className="px-0 mt-1" onClick={() => remove(index)}>
              Remove
            </Button>
          ) : null}
        </fieldset>
      ))}
      <div className="d-flex gap-2">
        <Button variant="outline-primary" onClick={() => append(emptyRow)} disabled={fields.length >= MAX_NEW_FUN_FACTS}>
          Add another fun fact
        </Button>
        <SubmitButton busy={formState.isSubmitting} busyLabel="Saving..." disabled={!mayEdit}>
          Save
        </SubmitButton>
      </div>
      <FormAlert {...outcome} below />
    </Form>
  );
}
