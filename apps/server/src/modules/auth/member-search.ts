import { type SQL, sql } from 'drizzle-orm';

/**
 * Sign-in security's lists find a member by a part of their name or address, in any case (memberListQuery). strpos,
 * not LIKE: the search is plain text, so '%' and '_' are characters to find, not patterns.
 */
export function memberMatches(search: string, alias?: string): SQL {
  if (search === '') return sql`TRUE`;
  const name = alias ? sql.raw(`${alias}.name`) : sql.raw('"users"."name"');
  const email = alias ? sql.raw(`${alias}.email`) : sql.raw('"users"."email"');
  return sql`(strpos(lower(${name}), lower(${search})) > 0 OR strpos(lower(${email}), lower(${search})) > 0)`;
}
