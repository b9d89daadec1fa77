import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mail-message.ts';

/** Texts of the mails staff accounts send: plain text plus the same in simple HTML. */

function compose(to: string, subject: string, paragraphs: string[], link: { label: string; url: string }, after: string[]): MailMessage {
  const text = [...paragraphs, `${link.label}: ${link.url}`, ...after].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
  ].join('\n');
  return { to, subject, text, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>` };
}

/** `signInWith`: single sign-on is the only way in, with this provider; the invitee signs in with it rather than choosing a password. */
export function invitationMail(input: { to: string; name: string; assistantName: string; link: string; invitedBy: string | null; signInWith?: string | undefined }): MailMessage {
  const finish = input.signInWith
    ? `Open the link and choose "Sign in with ${input.signInWith}", signing in as ${input.to}, to finish your registration.`
    : 'Choose a password to finish your registration.';
  return compose(
    input.to,
    `You are invited to the ${input.assistantName} Owner Dashboard`,
    [
      `Hello ${input.name},`,
      `${input.invitedBy ?? 'An administrator'} invited you to the ${input.assistantName} Owner Dashboard. ${finish}`,
    ],
    { label: 'Register', url: input.link },
    ['This invitation works once and expires in 72 hours.'],
  );
}

export function passwordResetMail(input: { to: string; name: string; assistantName: string; link: string }): MailMessage {
  return compose(
    input.to,
    `Reset your ${input.assistantName} Owner Dashboard password`,
    [`Hello ${input.name},`, 'Someone asked to reset the password of your account. If it was you, choose a new password here.'],
    { label: 'Reset password', url: input.link },
    ['This link works once and expires in 30 minutes. If you did not ask for it, ignore this mail: your password stays as it is.'],
  );
}

export function signInLinkMail(input: { to: string; name: string; assistantName: string; link: string }): MailMessage {
  return compose(
    input.to,
    `Your ${input.assistantName} Owner Dashboard sign-in link`,
    [`Hello ${input.name},`, 'Your password was entered correctly in a browser we have not seen before. Open this link to finish logging in.'],
    { label: 'Log in', url: input.link },
    ['This link works once and expires in 15 minutes. If this was not you, change your password.'],
  );
}

export function failedSignInsMail(input: { to: string; name: string; assistantName: string; link: string; failures: number; minutes: number }): MailMessage {
  return compose(
    input.to,
    `Failed sign-ins on your ${input.assistantName} Owner Dashboard account`,
    [
      `Hello ${input.name},`,
      `Someone entered a wrong password for your account ${input.failures} times in the last ${input.minutes} minutes. Your account is not locked: browsers you have signed in with before can still sign in, and the addresses trying are slowed down.`,
    ],
    { label: 'Open the dashboard', url: input.link },
    ['If it was not you, consider changing your password. If it was you, there is nothing to do.'],
  );
}

export function secondFactorResetMail(input: { to: string; name: string; assistantName: string; link: string; resetBy: string }): MailMessage {
  return compose(
    input.to,
    `Your ${input.assistantName} Owner Dashboard second factor was reset`,
    [`Hello ${input.name},`, `${input.resetBy} reset the second factor of your account: your authenticator app's codes and your recovery codes no longer work.`],
    { label: 'Open the dashboard', url: input.link },
    ['Set up a new second factor from your account page. If you did not ask for this, tell your administrator.'],
  );
}
