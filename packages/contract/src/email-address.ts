/** What an email address field accepts, in a module without zod so the chat widget can check it too. */

/** The "simple address pattern" of the login form: something@something.tld, no spaces. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_EMAIL_LENGTH = 254;
