import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ANSWER_MODEL_TEXTS as TEXTS,
  type AnswerModelsRow,
  type AnswerModelTestRow,
  type ModelKeyChange,
  type ModelServerRow,
  type SaveAnswerModelsRequest,
  saveAnswerModelsRequest,
  testAnswerModelRequest,
} from '@steward/contract/answer-models';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { testAnswerModel, useSaveAnswerModels } from '../api/answer-models.ts';

type Part = 'writer' | 'embedder';

/** One part's form: built-in or a server, the server's fields, and the key (typed once, never shown back). */
interface PartForm {
  remote: boolean;
  baseUrl: string;
  model: string;
  newKey: string;
  removeKey: boolean;
}

const PARTS: Record<Part, { legend: string; builtIn: string; remote: string }> = {
  writer: { legend: TEXTS.writer, builtIn: TEXTS.writerQuotes, remote: TEXTS.writerLlm },
  embedder: { legend: TEXTS.embedder, builtIn: TEXTS.embedderBuiltIn, remote: TEXTS.embedderApi },
};

const formOf = (server: ModelServerRow | null): PartForm => ({ remote: server !== null, baseUrl: server?.base_url ?? '', model: server?.model ?? '', newKey: '', removeKey: false });

const keyChange = (form: PartForm): ModelKeyChange =>
  form.newKey.trim() !== '' ? { change: 'replace', value: form.newKey } : form.removeKey ? { change: 'remove' } : { change: 'keep' };

const serverOf = (form: PartForm) => ({ base_url: form.baseUrl, model: form.model, key: keyChange(form) });

/** The first problem the contract finds, in its own words. */
const firstProblem = (result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * Bot Settings' Answers card (administrators only, canManageAnswerModels): the answer writer (the built-in quotes,
 * or an OpenAI-compatible language model) and the embedder (built-in, or an OpenAI-compatible embeddings API),
 * each server with a Test that shows what it answered and how long it took. A saved key is never shown: the card
 * says one is saved, and a new one replaces it.
 */
export function AnswerModelsSection({ saved }: { saved: AnswerModelsRow }) {
  const save = useSaveAnswerModels();
  const { outcome, save: saveWithOutcome, fail } = useFormOutcome();
  const [forms, setForms] = useState<Record<Part, PartForm>>({ writer: formOf(saved.writer.server), embedder: formOf(saved.embedder.server) });
  const [saving, setSaving] = useState(false);
  const change = (part: Part, fields: Partial<PartForm>) => setForms((current) => ({ ...current, [part]: { ...current[part], ...fields } }));

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: SaveAnswerModelsRequest = {
      writer: forms.writer.remote ? { kind: 'llm', server: serverOf(forms.writer) } : { kind: 'quotes' },
      embedder: forms.embedder.remote ? { kind: 'api', server: serverOf(forms.embedder) } : { kind: 'built_in' },
    };
    const problem = firstProblem(saveAnswerModelsRequest.safeParse(request));
    if (problem) return fail(problem);
    setSaving(true);
    await saveWithOutcome(async () => {
      const now = await save.mutateAsync(request);
      if (now) setForms({ writer: formOf(now.writer.server), embedder: formOf(now.embedder.server) });
    }, TEXTS.saved);
    setSaving(false);
  };

  return (
    <FormCard titleId="answer-models-title" title={TEXTS.title} onSubmit={(event) => void onSubmit(event)}>
      <p className="text-secondary">{TEXTS.intro}</p>
      {saved.source === 'environment' ? <p className="form-text">{TEXTS.fromEnvironment}</p> : null}
      {(['writer', 'embedder'] as const).map((part) => (
        <PartFields key={part} part={part} form={forms[part]} keySource={saved[part].server?.key ?? 'none'} onChange={(fields) => change(part, fields)} />
      ))}
      <SubmitButton busy={saving} busyLabel="Saving...">
        {TEXTS.save}
      </SubmitButton>
      <FormAlert {...outcome} below />
    </FormCard>
  );
}

function PartFields({ part, form, keySource, onChange }: { part: Part; form: PartForm; keySource: ModelServerRow['key']; onChange: (fields: Partial<PartForm>) => void }) {
  const texts = PARTS[part];
  const id = (name: string) => `answer-models-${part}-${name}`;
  const keyNote = keySource === 'saved' ? TEXTS.keySaved : keySource === 'environment' ? TEXTS.keyFromEnvironment : TEXTS.noKey;
  return (
    <fieldset className="mb-4">
      <legend className="h6">{texts.legend}</legend>
      <Form.Check type="radio" id={id('built-in')} name={id('kind')} label={texts.builtIn} checked={!form.remote} onChange={() => onChange({ remote: false })} />
      <Form.Check type="radio" id={id('remote')} name={id('kind')} label={texts.remote} checked={form.remote} onChange={() => onChange({ remote: true })} />
      {part === 'embedder' ? <p className="form-text mb-0">{TEXTS.embedderChange}</p> : null}
      {form.remote ? (
        <div className="d-flex flex-column gap-2 mt-2 ps-4">
          <Form.Group controlId={id('base-url')}>
            <Form.Label>{TEXTS.baseUrl}</Form.Label>
            <Form.Control type="url" value={form.baseUrl} placeholder="https://api.openai.com/v1" onChange={(event) => onChange({ baseUrl: event.target.value })} />
          </Form.Group>
          <Form.Group controlId={id('model')}>
            <Form.Label>{TEXTS.model}</Form.Label>
            <Form.Control value={form.model} onChange={(event) => onChange({ model: event.target.value })} />
          </Form.Group>
          <Form.Group controlId={id('key')}>
            <Form.Label>{keySource === 'saved' ? TEXTS.newKey : TEXTS.apiKey}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="off"
              value={form.newKey}
              aria-describedby={id('key-note')}
              onChange={(event) => onChange({ newKey: event.target.value })}
            />
            <Form.Text id={id('key-note')}>{keyNote}</Form.Text>
          </Form.Group>
          {keySource === 'saved' ? (
            <Form.Check id={id('remove-key')} label={TEXTS.removeKey} checked={form.removeKey} onChange={(event) => onChange({ removeKey: event.target.checked })} />
          ) : null}
          <ModelTest part={part} form={form} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** The Test button and what it found: the answer and the time, or what went wrong. */
function ModelTest({ part, form }: { part: Part; form: PartForm }) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<AnswerModelTestRow | { problem: string } | undefined>();
  const run = async () => {
    const request = { part, server: serverOf(form) };
    const problem = firstProblem(testAnswerModelRequest.safeParse(request));
    if (problem) return setResult({ problem });
    setTesting(true);
    setResult(undefined);
    try {
      setResult(await testAnswerModel(request));
    } catch (error) {
      setResult({ problem: errorMessage(error) });
    } finally {
      setTesting(false);
    }
  };
  return (
    <div>
      <Button variant="outline-secondary" size="sm" disabled={testing} onClick={() => void run()} aria-describedby={`answer-models-${part}-test-result`}>
        {testing ? TEXTS.testing : TEXTS.test}
      </Button>
      <div id={`answer-models-${part}-test-result`} role="status" className="mt-2">
        {result === undefined ? null : 'problem' in result ? (
          <div className="alert alert-danger py-2 mb-0">{result.problem}</div>
        ) : (
          <div className={`alert py-2 mb-0 ${result.ok ? 'alert-success' : 'alert-danger'}`}>
            <strong>{result.ok ? TEXTS.testAnswered(result.duration_ms) : TEXTS.testFailed(result.duration_ms)}</strong> {result.answer}
          </div>
        )}
      </div>
    </div>
  );
}
