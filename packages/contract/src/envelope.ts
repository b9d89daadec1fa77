import { z } from 'zod';

/** Every successful answer: `{ success: true, data: { rows } }`. */
export const rowsAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({ success: z.literal(true), data: z.object({ rows: z.array(row) }) });

/** A successful answer that carries nothing but the flag. */
export const successAnswer = z.object({ success: z.literal(true) });

export const errorAnswer = z.object({
  success: z.literal(false),
  error: z.object({ message: z.string(), field: z.string().optional() }),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** Paging in calls is zero-based; routes in the browser are one-based. */
export const pageIndexParam = z.coerce
  .number({ error: 'The page index must be a whole number.' })
  .int('The page index must be a whole number.')
  .min(0, 'The page index must be zero or more.')
  .max(10_000_000, 'The page index is too large.');

/** A numeric id in a path segment. */
export const idParam = z.coerce
  .number({ error: 'The id must be a whole number.' })
  .int('The id must be a whole number.')
  .positive('The id must be a positive whole number.')
  .max(2_147_483_647, 'The id is too large.');

/** Dates travel as ISO 8601 strings in UTC; the browser converts them for display. */
export const isoTimestamp = z.string();
