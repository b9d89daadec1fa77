import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS } from '@steward/contract/accounts';
import { addUserRequest } from '@steward/contract/user-accounts';
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
  const [sent, setSent] = useState(false);
  const addMutation = useAddUser();
  const { register, reset, errors, isSubmitting, submitWith } = useContractForm(addUserRequest, {
    defaultValues: { name: '', email: '', role: 'admin' },
    errorFields: ['email'],
  });

  const onSubmit = submitWith(async (request) => {
    await addMutation.mutateAsync(request);
    reset();
    setSent(true);
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
      <Modal show={sent} onHide={() => setSent(false)} backdrop="static" centered>
        <Modal.Body>
          <p className="mb-0" role="status">
            {ACCOUNT_SUCCESS.invitationSent}
          </p>
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
