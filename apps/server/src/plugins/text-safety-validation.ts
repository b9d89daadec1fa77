import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findUnsafeText } from '@steward/contract/text-safety';
import { HttpError } from '../lib/http-error.ts';

type ZodValidatorCompiler = typeof validatorCompiler;

/**
 * The validator compiler of every route (app.ts): before a route's zod schema reads a body, params or query,
 * any NUL character or lone surrogate in any string (or key) refuses the request with a 400 naming the field,
 * so no route can pass one to the database (PostgreSQL refuses NUL in text with an error, which was a 500).
 * Every route with a schema gets it, the routes added later too.
 */
export const textSafeValidatorCompiler: ZodValidatorCompiler = (routeSchema) => {
  const validate = validatorCompiler(routeSchema);
  const checked: ReturnType<FastifySchemaCompiler<unknown>> = (data: unknown) => {
    const unsafe = findUnsafeText(data);
    if (unsafe) {
      const field = unsafe.path[0];
      return { error: new HttpError(400, unsafe.reason, field === undefined ? undefined : String(field)) };
    }
    return validate(data);
  };
  return checked as ReturnType<ZodValidatorCompiler>;
};
