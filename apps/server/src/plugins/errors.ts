import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorAnswer } from '@steward/contract/envelope';
import { type DatabaseReachability, isDatabaseUnreachable } from '../db/database-reachability.ts';
import { HttpError } from '../lib/http-error.ts';
import { BODY_LIMIT_BYTES } from '../lib/server-limits.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnreachableAnswer } from './database-outage.ts';

const failure = (message: string, field?: string): ErrorAnswer => ({
  success: false,
  error: field === undefined ? { message } : { message, field },
});

/** Messages for Fastify's own 4xx errors, which otherwise name internals. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/**
 * One error handler for the whole API: 4xx messages pass through in the envelope; a call cut off by the
 * database's loss answers 503 (the loss is logged once, by `reachability`, not per call); anything else is
 * logged and becomes "Internal Server Error".
 */
export function registerErrorHandling(app: FastifyInstance, reachability: DatabaseReachability): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(failure(error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.split('/').filter(Boolean)[0];
      return reply.code(400).send(failure(issue?.message ?? 'The request is not valid.', field));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'answer does not match its contract schema');
      return reply.code(500).send(failure('Internal Server Error'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit when it has one (the public chat's 16 KB), else the server's 1 MB.
      const limit = request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
      return reply.code(413).send(failure(`The request is too large: this call takes at most ${describeBytes(limit)}.`));
    }
    const frameworkMessage = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return reply.code(429).send(failure(error.message));
      return reply.code(status).send(failure(frameworkMessage ?? 'The request is not valid.'));
    }
    if (isDatabaseUnreachable(error)) {
      reachability.report(error);
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnreachableAnswer);
    }
    // The logger's error serializer (lib/log-redaction.ts) leaves a failed query's SQL and parameters out.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure('Internal Server Error'));
  });
}

const describeBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/** Errors the router raises before any route runs (Fastify's `frameworkErrors`), in the envelope too. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(failure('A part of the address is too long.'));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(failure('The address is not valid.'));
    return;
  }
  void reply.code(500).send(failure('Internal Server Error'));
}

export const notFoundAnswer = (method: string, url: string): ErrorAnswer =>
  failure(`There is no ${method} ${url.split('?')[0] ?? url} call.`);
