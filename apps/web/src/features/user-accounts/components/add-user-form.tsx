import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { ACCOUNT_SUCCESS, addUserRequest, type AddUserRequest } from '@steward/contract/accounts';
import { ROLE_LABEL, ROLES } from '@steward/contract/access';
import { BackButton } from '../../../components/back-button.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddUser } from '../api/add-user.ts';

/** Add user: Name, Email Address, Role (default Administrator), Send Invitation, then the success modal. */
export function AddUserForm() {
  const [sent, setSent] = useState(false);
  const addMutation = useAddUser();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddUserRequest>({ resolver: zodResolver(addUserRequest), defaultValues: { name: '', email: '', role: 'admin' } });

  const onSubmit = handleSubmit(async (request) => {
    try {
      await addMutation.mutateAsync(request);
      reset();
      setSent(true);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 0);
      setError(apiError.field === 'email' ? 'email' : 'root', { message: apiError.message });
    }
  });

  return (
    <section aria-labelledby="add-user-title" className="account-form">
      <BackButton fallback="/user-accounts" />
      <h1 id="add-user-title" className="h3 mb-4">
        Add new user
      </h1>
      <Form noValidate onSubmit={onSubmit} className="card card-body">
        <Form.Group className="mb-3" controlId="add-user-name">
          <Form.Label>Name</Form.Label>
          <Form.Control
            autoComplete="off"
            isInvalid={Boolean(errors.name)}
            aria-describedby={errors.name ? 'add-user-name-error' : undefined}
            {...register('name')}
          />
          <FieldError id="add-user-name-error" message={errors.name?.message} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="add-user-email">
          <Form.Label>Email Address</Form.Label>
          <Form.Control
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            isInvalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'add-user-email-error' : undefined}
            {...register('email')}
          />
          <FieldError id="add-user-email-error" message={errors.email?.message} />
        </Form.Group>
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
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Invitation'}
        </Button>
        {errors.root?.message ? (
          <div className="alert alert-danger py-2 mt-3 mb-0" role="alert">
            {errors.root.message}
          </div>
        ) : null}
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
