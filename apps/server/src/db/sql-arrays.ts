import { type SQL, sql } from 'drizzle-orm';

/** Texts as one PostgreSQL text[] parameter (an array literal, each element quoted): one parameter however many. */
export const textArray = (texts: readonly string[]): SQL => sql`${`{${texts.map((text) => `"${text.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** Whole numbers as one PostgreSQL bigint[] parameter. */
export const bigintArray = (ids: readonly number[]): SQL => {
  if (!ids.every(Number.isSafeInteger)) throw new Error('bigintArray takes whole numbers only.');
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
};
