import type { FastifyRequest } from 'fastify';

/** What a secret is replaced with in a log line. */
export const REDACTED = '[redacted]';

// Mailed keys travel in these dashboard paths (invitation, password reset) and query fields (sign-in link).
const KEY_IN_PATH = /(\/(?:register|reset-password)\/)[^/?#\s]+/gi;
const SECRET_QUERY_FIELD = /([?&](?:verificationCode|code|token|key|password|newPassword|oldPassword|state|id_token_hint)=)[^&#\s]*/gi;
const BEARER = /(Bearer\s+)[^\s"']+/gi;
// Every key this server makes (lib/secrets.ts): 32 random bytes in base64url, whatever carries it.
const SECRET_VALUE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/**
 * Text with the keys, codes and tokens in it replaced by [redacted]: keys in /register/… and /reset-password/…,
 * secret query fields (the sign-in link's verificationCode), bearer tokens, and any 43-character base64url value
 * (the shape of every key the server mails). For log lines: a log is read by more people than may sign in.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(KEY_IN_PATH, `$1${REDACTED}`)
    .replace(SECRET_QUERY_FIELD, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(SECRET_VALUE, REDACTED);
}

/** The request as the access log writes it (Fastify's own fields), its URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The shape pino's error serializer answers (Fastify's type for `serializers.err`). */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}

/**
 * An error as the log writes it: type, message, code and stack, secrets redacted. A failed database query's
 * error (Drizzle's, whose message holds the SQL and its parameters: an email, a visitor's question) is
 * written as the database's own message and code only.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactSecrets(String(error)), stack: '' };
  const fields = error as ErrorLike;
  const failedQuery = 'params' in fields || 'query' in fields || /^Failed query:/.test(error.message);
  const cause = fields.cause instanceof Error ? (fields.cause as ErrorLike) : undefined;
  // The database's reason, with what it quotes left out: PostgreSQL quotes the offending value ("invalid input
  // syntax for type integer: \"…\"", "Key (email)=(…) already exists").
  const reason = cause ? String(cause.message).replace(/"[^"]*"/g, '"…"').replace(/\)=\([^)]*\)/g, ')=(…)') : 'no reason given';
  const message = failedQuery ? `A database query failed: ${reason}` : error.message;
  const stack = failedQuery ? undefined : error.stack;
  return {
    type: error.name,
    message: redactSecrets(message),
    ...(typeof fields.code === 'string' || typeof fields.code === 'number' ? { code: fields.code } : {}),
    ...(failedQuery && cause && typeof cause.code === 'string' ? { code: cause.code } : {}),
    stack: stack ? redactSecrets(stack) : '',
    ...(!failedQuery && cause ? { cause: serializeError(fields.cause) } : {}),
  };
}
