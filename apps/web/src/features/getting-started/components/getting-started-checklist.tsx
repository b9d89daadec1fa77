import { IconCircle, IconCircleCheck } from '../../../components/icons.tsx';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { widgetSnippet } from '@steward/contract/bot-appearance';
import { INFORM_THE_BOT_MESSAGES } from '@steward/contract/inform-the-bot';
import { canAddUser, canUpdateBotSettings, canUploadDocuments, type StaffMember } from '@steward/contract/permissions';
import { CopyableCode } from '../../../components/copyable-code.tsx';
import { useGettingStarted } from '../api/get-getting-started.ts';
import { botApiCurl, checklistSteps, nextStep, type StepId } from '../checklist-steps.ts';

const HIDDEN_KEY = 'steward.getting-started-hidden';

/**
 * Home's first-run checklist: what is done and what is next, each step with what to do (a snippet or curl to
 * copy, a link). Shown until every step is done, or until hidden in this browser.
 */
export function GettingStartedChecklist({ viewer }: { viewer: StaffMember }) {
  const { data: facts } = useGettingStarted();
  const [hidden, setHidden] = useState(() => window.localStorage.getItem(HIDDEN_KEY) === 'true');
  // The step shown: the first one not done until another is chosen ('none': all folded).
  const [open, setOpen] = useState<StepId | 'none' | undefined>(undefined);
  // A failed load shows nothing (spec section 8), as the statistics do.
  if (!facts || hidden) return null;
  const steps = checklistSteps(facts);
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length) return null;
  const shown = open ?? nextStep(steps);
  const hide = () => {
    window.localStorage.setItem(HIDDEN_KEY, 'true');
    setHidden(true);
  };

  const details: Record<StepId, ReactNode> = {
    connect: (
      <>
        <p className="mb-2">
          <strong>Your own chatbot</strong> reports each exchange to Steward&apos;s bot API with the key set as{' '}
          <code>BOT_API_KEY</code> in the server&apos;s environment{facts.bot_api_key_configured ? ' (it is set)' : ' (not set yet: add it and restart)'}
          {facts.integration_keys > 0 ? `, or one of the ${facts.integration_keys} integration keys made on Integrations` : ', or an integration key made on Integrations'}:
        </p>
        <CopyableCode code={botApiCurl(facts.public_url)} label="Copy the bot API curl" />
        <p className="mt-3 mb-2">
          <strong>Or Steward&apos;s own chat widget</strong>: add this line to your site&apos;s pages, and your site&apos;s address
          to the allowed sites in Bot Settings.
        </p>
        <CopyableCode code={widgetSnippet(facts.public_url)} label="Copy the widget snippet" />
        {canUpdateBotSettings(viewer) ? (
          <Link to="/bot-settings" className="btn btn-outline-primary btn-sm mt-2">
            Open Bot Settings
          </Link>
        ) : null}
      </>
    ),
    document: (
      <p className="mb-0">
        The bot answers from the documents you upload: a manual, an FAQ, a price list (.txt, .csv or .pdf).{' '}
        {canUploadDocuments(viewer) ? <Link to="/documents">Upload a document</Link> : 'An administrator can upload them on Documents.'}
      </p>
    ),
    question: (
      <p className="mb-0">
        The <a href="/demo">demo page</a> is a pretend visitor site with the chat widget: ask it something your
        documents answer, rate the answer, and see it in History and Feedback.
      </p>
    ),
    approver: (
      <p className="mb-0">
        A correction typed on a thumbs-down answer reaches the bot once another team member approves it, so a team
        needs two. {INFORM_THE_BOT_MESSAGES.approvalRule}{' '}
        {canAddUser(viewer) ? <Link to="/user-accounts/add">Invite a team member</Link> : null}
      </p>
    ),
  };

  return (
    <section className="card mb-3" aria-labelledby="getting-started-title">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <div className="flex-grow-1">
          <h2 id="getting-started-title" className="card-title mb-0">
            Get started
          </h2>
          <p className="card-subtitle text-secondary mb-0 mt-1">
            {doneCount} of {steps.length} done
          </p>
        </div>
        <Button variant="link" size="sm" onClick={hide}>
          Hide this checklist
        </Button>
      </div>
      <div className="progress progress-sm rounded-0" role="presentation">
        <div className="progress-bar bg-primary" style={{ width: `${(doneCount / steps.length) * 100}%` }} />
      </div>
      <ol className="list-group list-group-flush getting-started-steps">
        {steps.map((step) => (
          <li key={step.id} className="list-group-item" data-step={step.id} data-done={step.done}>
            <button
              type="button"
              className="btn btn-link p-0 text-start text-wrap text-reset text-decoration-none d-flex justify-content-start align-items-center gap-2 w-100"
              aria-expanded={shown === step.id}
              aria-controls={`getting-started-${step.id}`}
              onClick={() => setOpen(shown === step.id ? 'none' : step.id)}
            >
              {step.done ? <IconCircleCheck size={20} className="text-success-emphasis" /> : <IconCircle size={20} className="text-secondary" />}
              <span className={step.done ? 'text-secondary' : 'fw-medium'}>{step.title}</span>
              <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
            </button>
            {shown === step.id ? (
              <div id={`getting-started-${step.id}`} className="mt-2 ms-4 ps-2">
                {details[step.id]}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
