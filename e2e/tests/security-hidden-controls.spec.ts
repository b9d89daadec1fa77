import type { APIResponse, Page } from '@playwright/test';
import { expect, test, type StaffUser } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * Each control the dashboard hides from a viewer or an administrator, beside the call that control
 * would make: the server refuses that call too (the rules of packages/contract/src/permissions.ts
 * drive both). A control hidden only in the browser would be no protection.
 */

interface HiddenControl {
  /** What the control is, for the failure message. */
  name: string;
  /** Where it would be. */
  path: (other: StaffUser, self: StaffUser) => string;
  /** Asserts it is not there (or the screen is not reachable). */
  hidden: (page: Page) => Promise<void>;
  /** The call it would make. */
  call: (page: Page, other: StaffUser, self: StaffUser) => Promise<APIResponse>;
  status: number;
}

const gone = (locator: ReturnType<Page['getByRole']>) => expect(locator).toHaveCount(0);
const redirectedHome = async (page: Page) => expect(page).toHaveURL(/\/home$/);

const VIEWER_HIDDEN: HiddenControl[] = [
  {
    name: '+ Add new user',
    path: () => '/user-accounts',
    hidden: (page) => gone(page.getByRole('link', { name: '+ Add new user' })),
    call: (page) => page.request.post('/api/add-user', { data: { name: 'Ivy', email: `ivy-${Date.now()}@example.com`, role: 'admin' } }),
    status: 403,
  },
  {
    name: 'Delete a user',
    path: () => '/user-accounts',
    hidden: (page) => gone(page.getByRole('button', { name: /^Delete/ })),
    call: (page, other) => page.request.post(`/api/user/${other.id}/delete`),
    status: 403,
  },
  {
    name: "another user's account screen",
    path: (other) => `/user-accounts/${other.id}`,
    hidden: redirectedHome,
    call: (page, other) => page.request.post(`/api/user/${other.id}/change-password`, { data: { oldPassword: other.password, newPassword: 'Taken-Over-123' } }),
    status: 403,
  },
  {
    name: 'the document upload form',
    path: () => '/documents',
    hidden: (page) => gone(page.getByRole('button', { name: 'Add Document' })),
    call: (page) =>
      page.request.post('/api/upload-files', {
        multipart: { filesData: JSON.stringify([{ title: 'T', source_url: 'https://example.com' }]), files: { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') } },
      }),
    status: 403,
  },
  {
    name: 'upload from a URL',
    path: () => '/documents',
    hidden: (page) => gone(page.getByRole('button', { name: /^(Upload|Retry Upload)$/ })),
    call: (page) => page.request.post('/api/upload-url', { data: { url: 'https://example.com/a.pdf', title: 'A' } }),
    status: 403,
  },
  {
    name: 'Delete a document',
    path: () => '/documents',
    hidden: (page) => gone(page.getByRole('button', { name: /^Delete/ })),
    call: (page) => page.request.post('/api/documents/1/delete'),
    status: 403,
  },
  {
    name: 'Edit a fun fact',
    path: () => '/bot-settings',
    hidden: (page) => gone(page.getByRole('button', { name: /Edit fun fact/ })),
    call: (page) => page.request.post('/api/fun-facts/edit/1', { data: { funFact: { fact: 'Taken over', url: 'https://example.com' } } }),
    status: 403,
  },
  {
    name: 'Delete a fun fact',
    path: () => '/bot-settings',
    hidden: (page) => gone(page.getByRole('button', { name: /Delete fun fact/ })),
    call: (page) => page.request.post('/api/fun-facts/delete/1'),
    status: 403,
  },
  {
    name: 'Help Requests Email Notifications',
    path: () => '/bot-settings',
    hidden: (page) => gone(page.getByRole('heading', { name: 'Help Requests Email Notifications' })),
    call: (page) => page.request.post('/api/bot-settings', { data: { settings: { helpRequestEmails: ['attacker@example.com'] } } }),
    status: 403,
  },
  {
    name: 'Delete Inform the Bot information',
    path: () => '/inform-the-bot',
    hidden: (page) => gone(page.getByRole('button', { name: /^Delete/ })),
    call: (page) => page.request.post('/api/inform-the-bot/delete/1'),
    status: 403,
  },
];

const ADMIN_HIDDEN: HiddenControl[] = [
  {
    name: "another user's Change Password",
    path: (other) => `/user-accounts/${other.id}/change-password`,
    hidden: redirectedHome,
    call: (page, other) => page.request.post(`/api/user/${other.id}/change-password`, { data: { oldPassword: other.password, newPassword: 'Taken-Over-123' } }),
    status: 403,
  },
  {
    name: "another user's theme",
    path: (other) => `/user-accounts/${other.id}`,
    hidden: redirectedHome,
    call: (page, other) => page.request.post('/api/user/change-theme', { data: { id: other.id, theme: 'dark' } }),
    status: 403,
  },
];

async function expectHiddenAndRefused(page: Page, controls: HiddenControl[], other: StaffUser, self: StaffUser): Promise<void> {
  for (const control of controls) {
    await page.goto(control.path(other, self));
    await page.waitForLoadState('networkidle');
    await control.hidden(page);
    const answer = await control.call(page, other, self);
    expect(answer.status(), `${control.name}: ${await answer.text()}`).toBe(control.status);
    const body = (await answer.json()) as { success: boolean; error?: { message: string } };
    expect(body.success, control.name).toBe(false);
    expect(body.error?.message, control.name).toMatch(/^[A-Z].+\.$/);
  }
}

test('a viewer: every control the screens hide is refused by the server', async ({ page, signIn, createStaff }) => {
  test.setTimeout(scaled(60_000));
  const other = await createStaff('admin');
  const self = await signIn('viewer');
  await expectHiddenAndRefused(page, VIEWER_HIDDEN, other, self);
});

test('an administrator: the controls hidden even from them are refused by the server', async ({ page, signIn, createStaff }) => {
  const other = await createStaff('viewer');
  const self = await signIn('admin');
  await expectHiddenAndRefused(page, ADMIN_HIDDEN, other, self);
  // The other account still signs in with its own password.
  const login = await page.request.post('/api/login', { data: { email: other.email, password: other.password } });
  expect(login.status()).toBe(200);
});
