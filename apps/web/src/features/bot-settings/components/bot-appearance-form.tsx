import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import {
  BOT_APPEARANCE_MESSAGES,
  botAppearanceForm,
  widgetSnippet,
  type BotAppearance,
  type BotAppearanceFormValues,
  type BotAppearanceRow,
} from '@steward/contract/bot-appearance';
import { CHAT_TEXTS, WIDGET_APPEARANCE_LIMITS } from '@steward/contract/chat-constants';
import { CopyableCode } from '../../../components/copyable-code.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useSaveBotAppearance } from '../api/bot-appearance.ts';
import { WidgetPreview } from './widget-preview.tsx';

const formValuesOf = (saved: BotAppearanceRow): BotAppearanceFormValues => ({
  title: saved.title,
  greeting: saved.greeting,
  accent_color: saved.accent_color,
  suggested_questions: saved.suggested_questions.join('\n'),
  dont_know_text: saved.dont_know_text,
  allowed_sites: saved.allowed_sites.join('\n'),
});

/**
 * The bot's look on visitors' sites: the widget's title, greeting, accent colour and suggested questions, what
 * it says when it does not know, and the sites allowed to embed it; a live preview and the snippet to copy.
 * Without update_bot_settings the fields are read-only and Save is disabled.
 */
export function BotAppearanceForm({ saved, mayEdit }: { saved: BotAppearanceRow; mayEdit: boolean }) {
  const save = useSaveBotAppearance();
  const { outcome, save: saveWithOutcome } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<BotAppearanceFormValues, unknown, BotAppearance>({ resolver: zodResolver(botAppearanceForm), values: formValuesOf(saved) });
  const onSubmit = handleSubmit((appearance) => saveWithOutcome(() => save.mutateAsync(appearance), BOT_APPEARANCE_MESSAGES.saved));
  const live = useWatch({ control });
  const environmentSites = saved.environment_origins;

  return (
    <section className="card mb-4" aria-labelledby="bot-appearance-title">
      <div className="card-header d-block">
        <h2 id="bot-appearance-title" className="card-title mb-0">
          Chat widget
        </h2>
        <p className="card-subtitle text-secondary mb-0 mt-1">How the bot looks and talks on your site. Changes show on every page with the widget once saved.</p>
      </div>
      <div className="card-body">
        <div className="row g-4">
          <div className="col-12 col-lg-7">
            <Form noValidate onSubmit={onSubmit}>
              <fieldset disabled={!mayEdit} className="d-flex flex-column gap-3">
                <FormField id="appearance-title" label="Title" hint="On the chat button and the panel's header." error={errors.title?.message}>
                  {(control) => <Form.Control maxLength={WIDGET_APPEARANCE_LIMITS.title} {...control} {...register('title')} />}
                </FormField>
                <FormField id="appearance-greeting" label="Greeting" hint="The first message a visitor sees." error={errors.greeting?.message}>
                  {(control) => <Form.Control as="textarea" rows={3} maxLength={WIDGET_APPEARANCE_LIMITS.greeting} {...control} {...register('greeting')} />}
                </FormField>
                <FormField id="appearance-accent" label="Accent colour" hint="The button, the header and the visitor's messages; their text turns white or black to stay readable." error={errors.accent_color?.message}>
                  {(control) => (
                    <div className="d-flex gap-2 align-items-center">
                      <Form.Control type="color" className="form-control-color flex-shrink-0" aria-label="Pick the accent colour" value={/^#[0-9a-f]{6}$/i.test(live.accent_color ?? '') ? live.accent_color : '#0b57b0'} onChange={(event) => register('accent_color').onChange(event)} name="accent_color" />
                      <Form.Control className="appearance-accent-text" {...control} {...register('accent_color')} />
                    </div>
                  )}
                </FormField>
                <FormField
                  id="appearance-questions"
                  label="Suggested questions"
                  hint={`One a line, up to ${WIDGET_APPEARANCE_LIMITS.suggestedQuestions}: offered as buttons before the visitor's first question.`}
                  error={errors.suggested_questions?.message}
                >
                  {(control) => <Form.Control as="textarea" rows={3} {...control} {...register('suggested_questions')} />}
                </FormField>
                <FormField
                  id="appearance-dont-know"
                  label="When the bot does not know"
                  hint="Said when the documents do not answer the question (then the widget offers your team's help). Empty: the text shown in the box."
                  error={errors.dont_know_text?.message}
                >
                  {(control) => <Form.Control as="textarea" rows={3} placeholder={CHAT_TEXTS.dontKnow} {...control} {...register('dont_know_text')} />}
                </FormField>
                <FormField
                  id="appearance-sites"
                  label="Allowed sites"
                  hint={
                    <>
                      One address a line, such as https://shop.example.com: pages of these sites may use the chat. Always allowed
                      (set on the server, BOT_ALLOWED_ORIGINS): {environmentSites.join(', ')}.
                    </>
                  }
                  error={errors.allowed_sites?.message}
                >
                  {(control) => <Form.Control as="textarea" rows={3} placeholder="https://shop.example.com" {...control} {...register('allowed_sites')} />}
                </FormField>
              </fieldset>
              <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!mayEdit} className="mt-3">
                Save
              </SubmitButton>
              <FormAlert {...outcome} below />
            </Form>
          </div>
          <div className="col-12 col-lg-5 d-flex flex-column gap-3">
            <div>
              <h3 className="h4 mb-2">Preview</h3>
              <WidgetPreview title={live.title ?? ''} greeting={live.greeting ?? ''} accentColor={live.accent_color ?? ''} suggestedQuestions={(live.suggested_questions ?? '').split('\n')} />
            </div>
            <div>
              <h3 className="h4 mb-2">Add it to your site</h3>
              <p className="small text-secondary mb-2">Paste this line into your site&apos;s pages, before &lt;/body&gt;:</p>
              <CopyableCode code={widgetSnippet(saved.public_url)} label="Copy the embed snippet" />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
