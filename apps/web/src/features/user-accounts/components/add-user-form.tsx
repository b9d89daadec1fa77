import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS } from '@steward/contract/accounts';
import { addUserRequest, INVITATION_DELIVERY_TEXTS, type AddUserOutcome } from '@steward/contract/user-accounts';
import { CopyableCode } from '../../../components/copyable-code.tsx';
import { MailDeliveryNotice } from '../../../components/mail-delivery-notice.tsx';
import { ROLE_LABEL, ROLES } from '@steward/contract/access';
import { BackButton } from '../../../components/back-button.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useAddUser } from '../api/add-user.ts';
import { PageHeader } from '../../../components/page-header.tsx';

/** Add user: Name, Email Address, Role (default Administrator), Send Invitation, then the success modal. */
export function AddUserForm() {
  /** The invitation sent, and how it travels; undefined while the form is shown. */
  const [sent, setSent] = useState<{ email: string; outcome: AddUserOutcome | undefined }>();
  const addMutation = useAddUser();
  const { register, reset, errors, isSubmitting, submitWith } = useContractForm(addUserRequest, {
    defaultValues: { name: '', email: '', role: 'admin' },
    errorFields: ['email'],
  });

  const onSubmit = submitWith(async (request) => {
    const outcome = await addMutation.mutateAsync(request);
    reset();
    setSent({ email: request.email, outcome });
  });

  return (
    <section aria-labelledby="add-user-title" className="account-form">
      <BackButton fallback="/user-accounts" />
      <PageHeader id="add-user-title" pretitle="Administration" title="Add new user" description="Invite a colleague: they choose their own password from the link in the invitation." />
      <Form noValidate onSubmit={onSubmit} className="card card-body">
        <FormField id="add-user-name" label="Name" error={errors.name?.message} className="mb-3">
          {(control) => <Form.Control autoComplete="off" {...control} {...register('name')} />}
        </FormField>
        <FormField id="add-user-email" label="Email Address" error={errors.email?.message} className="mb-3">
          {(control) => <Form.Control type="email" autoComplete="off" placeholder="name@example.com" {...control} {...register('email')} />}
        </FormField>
        <Form.Group className="mb-4" controlId="add-user-role">
          <Form.Label>Role</Form.Label>
          <Form.Select {...register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABEL[role]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <SubmitButton busy={isSubmitting} busyLabel="Sending...">
          Send Invitation
        </SubmitButton>
        <FormAlert error={errors.root?.message} below />
      </Form>
      <Modal show={sent !== undefined} onHide={() => setSent(undefined)} backdrop="static" centered aria-labelledby="invitation-sent-title">
        <Modal.Body>
          <p className="mb-2 fw-medium" role="status" id="invitation-sent-title">
            {ACCOUNT_SUCCESS.invitationSent}
          </p>
          {sent ? <InvitationDelivery email={sent.email} outcome={sent.outcome} /> : null}
        </Modal.Body>
        <Modal.Footer>
          <Link to="/user-accounts" className="btn btn-primary">
            Back to User Accounts
          </Link>
        </Modal.Footer>
      </Modal>
    </section>
  );
}

/** Where the invitation went: mailed, or (no SMTP_URL) in the server's outbox folder, with the link for an administrator. */
function InvitationDelivery({ email, outcome }: { email: string; outcome: AddUserOutcome | undefined }) {
  if (!outcome || outcome.delivery === 'smtp') return <p className="mb-0 small">{INVITATION_DELIVERY_TEXTS.smtp(email)}</p>;
  return (
    <>
      <MailDeliveryNotice outcome={outcome} mail="the invitation" />
      {outcome.register_link ? (
        <>
          <p className="small mb-2">{INVITATION_DELIVERY_TEXTS.link}</p>
          <CopyableCode code={outcome.register_link} label="Copy the register link" />
        </>
      ) : null}
    </>
  );
}
