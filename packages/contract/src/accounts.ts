import { z } from 'zod';
import { keyField, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, SIMPLE_EMAIL_PATTERN } from './auth.ts';

/** Validation messages of spec section 5 for staff accounts, and the texts of their screens. */
export const ACCOUNT_MESSAGES = {
  newPasswordRequired: 'Please enter a new password.',
  passwordRequired: 'Please enter a password.',
  passwordRule: 'Password must be at least 8 characters long and include 1 capital letter and 1 number.',
  passwordsDoNotMatch: 'Passwords do not match.',
  oldPasswordRequired: 'Please enter the old password.',
  nameRequired: 'Please enter a name.',
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordTooLong: `Passwords are at most ${MAX_PASSWORD_LENGTH} characters long.`,
  nameTooLong: 'Names are at most 200 characters long.',
} as const;

/** What each screen says once done (spec section 2). */
export const ACCOUNT_SUCCESS = {
  checkEmail: 'Check your email',
  resent: 'Sent!',
  passwordReset: 'Password reset successfully',
  registered: 'Registration successful',
  invitationSent: 'Invitation has been sent!',
  deleteUserQuestion: 'Are you sure you want to delete this user?',
  userDeleted: 'User has been successfully deleted.',
  passwordChanged: 'Password changed successfully!',
} as const;

/** The requirements hint under a new password. */
export const PASSWORD_REQUIREMENTS_HINT = 'At least 8 characters, with at least 1 capital letter and 1 number.';

/** Spec section 9: at least 8 characters, 1 capital letter, 1 digit. */
export const meetsPasswordRule = (password: string): boolean =>
  password.length >= 8 && /[A-Z]/.test(password) && /\d/.test(password);

/** A new password with the "required" message of its screen. */
export const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong)
    .refine(meetsPasswordRule, ACCOUNT_MESSAGES.passwordRule);

/** The shared email check of the forgot-password and add-user forms. */
export const accountEmailField = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(MAX_EMAIL_LENGTH, ACCOUNT_MESSAGES.emailInvalid)
  .regex(SIMPLE_EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid);


/** A chosen password and its confirmation, which must be filled and equal (register and reset forms). */
function chosenPasswordForm(requiredMessage: string) {
  return z
    .object({ password: newPasswordField(requiredMessage), confirmPassword: z.string() })
    .refine((form) => form.confirmPassword !== '' && form.confirmPassword === form.password, {
      message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
}

// ---- POST /api/register ----
export const EMAIL_TAKEN = 'An account with this email address already exists.';
export const INVITATION_USED = 'This invitation has already been used. Please log in, or reset your password.';
export const INVITATION_EXPIRED = 'This invitation has expired. Please ask an administrator to send a new one.';
export const INVALID_INVITATION = 'This invitation link is not valid. Please ask an administrator to send a new invitation.';
export const registerRequest = z.strictObject({
  key: keyField(INVALID_INVITATION),
  password: newPasswordField(ACCOUNT_MESSAGES.passwordRequired),
});
export type RegisterRequest = z.infer<typeof registerRequest>;
/** "success with data.rowCount equal to 1". */
export const registerAnswer = z.object({ success: z.literal(true), data: z.object({ rowCount: z.literal(1) }) });

// ---- GET /api/register/{key}: whom a live invitation registers (the register page shows the email) ----
export const invitationRow = z.object({ email: z.string(), name: z.string().nullable() });
export type InvitationRow = z.infer<typeof invitationRow>;

/** The register form: the call's password plus a matching confirmation. */
export const registerForm = chosenPasswordForm(ACCOUNT_MESSAGES.passwordRequired);
export type RegisterForm = z.infer<typeof registerForm>;

// ---- POST /api/send-password-reset-email ----
export const sendPasswordResetEmailRequest = z.strictObject({ email: accountEmailField });
export type SendPasswordResetEmailRequest = z.infer<typeof sendPasswordResetEmailRequest>;

// ---- POST /api/reset-password ----
export const INVALID_RESET_LINK = 'This password reset link is not valid. Please request a new one.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please request a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please request a new one.';
export const WRONG_OLD_PASSWORD = 'The old password is not correct.';
export const OWN_PASSWORD_ONLY = 'You can only change your own password.';
export const resetPasswordRequest = z.strictObject({
  token: keyField(INVALID_RESET_LINK),
  newPassword: newPasswordField(ACCOUNT_MESSAGES.newPasswordRequired),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The reset form: the call's new password plus a matching confirmation. */
export const resetPasswordForm = chosenPasswordForm(ACCOUNT_MESSAGES.newPasswordRequired);
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

// ---- POST /api/user/{id}/change-password ----
export const changePasswordRequest = z.strictObject({
  oldPassword: z
    .string({ error: ACCOUNT_MESSAGES.oldPasswordRequired })
    .min(1, ACCOUNT_MESSAGES.oldPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  newPassword: newPasswordField(ACCOUNT_MESSAGES.newPasswordRequired),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
