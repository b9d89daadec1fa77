import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, meetsPasswordRule } from '@steward/contract/accounts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

function renderScreen(screenElement: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{screenElement}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Answers every call with this status and body, and records the requests. */
function answerCalls(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the password rule', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['Abcdefgh', false],
  ])('%s → %s', (password, expected) => expect(meetsPasswordRule(password)).toBe(expected));
});

describe('ForgotPasswordForm', () => {
  it("shows the server's error under the email field", async () => {
    answerCalls(429, { success: false, error: { message: 'Too many attempts. Please try again in 15 minutes.', field: 'email' } });
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const error = await screen.findByText('Too many attempts. Please try again in 15 minutes.');
    expect(error).toHaveAttribute('id', 'forgot-password-email-error');
  });

  it('shows nothing when a resend fails, and keeps Resend Email usable', async () => {
    const fetchMock = answerCalls(200, { success: true });
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ success: false, error: { message: 'Nope' } }), { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resend Email' })).toBeEnabled();
  });
});

describe('ResetPasswordForm', () => {
  it('asks for a new password and a matching confirmation', async () => {
    renderScreen(<ResetPasswordForm resetKey="k" />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('sends the key without cookies and shows a server error at the bottom of the form', async () => {
    const fetchMock = answerCalls(410, { success: false, error: { message: 'This password reset link has expired. Please request a new one.' } });
    renderScreen(<ResetPasswordForm resetKey="the-key" />);
    await userEvent.type(screen.getByLabelText('New Password'), 'Good-Pass-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Good-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link has expired. Please request a new one.');
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/reset-password');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'the-key', newPassword: 'Good-Pass-1' });
  });
});

describe('ChangePasswordForm', () => {
  it('shows an error without the oldPassword field under the form', async () => {
    answerCalls(429, { success: false, error: { message: 'Too many attempts. Please try again in 15 minutes.' } });
    renderScreen(<ChangePasswordForm userId={7} />);
    await userEvent.type(screen.getByLabelText('Old Password'), 'Old-Pass-1');
    await userEvent.type(screen.getByLabelText('New Password'), 'New-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const error = await screen.findByText('Too many attempts. Please try again in 15 minutes.');
    expect(error).toHaveClass('alert');
  });
});
