import { type PGlite, type QueryOptions, type Results, parse, protocol } from '@electric-sql/pglite';

/** The most statements kept prepared; past it the least recently used one is closed. */
export const MOST_PREPARED_STATEMENTS = 300;

/**
 * Calls of the functions that keep their own plans (migrations 1100-1800: the session, the list pages, the
 * search groups and staff accounts, the statistics totals; 3100: History's badges; 3300: the masking setting;
 * 3341: the statistics' fingerprint; 3720, 3740: the lists' pages as their answers): the statements around them have nothing to plan for their values.
 * Any other statement is planned for its values on every call, by PGlite's query, as it always was: a
 * prepared statement's generic plan can be the wrong one (the knowledge search's full-text side took 14 ms
 * in place of 7 with every statement prepared).
 */
const PLAN_KEPT_CALL = /"?steward_(?:session_user|(?:history|feedback|help_requests)_(?:page|shown_page|hits)|user_account_hits|statistics_totals_before|statistics_fingerprint|personal_data_masking)"?\s*\(/;
export const callsPlanKeptFunction = (text: string): boolean => /^\s*select\b/i.test(text) && PLAN_KEPT_CALL.test(text);

/** The prepared statement's result type changed (a table's columns did), or it is gone: prepare it again. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type Prepared = { name: string; parameterTypes: number[]; rowDescription: Message | undefined };
type DecoratedError = Error & { code?: string; query?: string; params?: unknown[]; queryOptions?: QueryOptions };

export type CachedQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * PGlite's `query` sends a statement as six protocol messages (parse, describe, bind, describe, execute,
 * sync), each a call into the database and a parse of its answer, and the statement is parsed and planned
 * every time. Here the statements `prepares` picks are prepared once, by name, and then only bound and
 * executed in one call: a one-row select took 0.023 ms in place of 0.16-0.2 ms (in-process, 25 Nov 2026).
 * The answer is PGlite's own `Results` (its parsers and serializers, the row description kept from the
 * prepare), so Drizzle cannot tell the two apart. Only for the client itself: a transaction's queries go
 * through PGlite's query.
 */
export function createStatementCache(
  client: PGlite,
  { most = MOST_PREPARED_STATEMENTS, prepares = callsPlanKeptFunction }: { most?: number; prepares?: (text: string) => boolean } = {},
): CachedQuery {
  const prepared = new Map<string, Prepared>();
  /** Statements to close with the next prepare: evicted, or gone stale. */
  const closing: string[] = [];
  let named = 0;

  async function prepare(text: string): Promise<Prepared> {
    for (const [oldText, statement] of prepared) {
      if (prepared.size < most) break;
      prepared.delete(oldText);
      closing.push(statement.name);
    }
    const closes = closing.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    const name = `steward_s${++named}`;
    const { serialize } = protocol;
    const { messages } = await client.execProtocol(
      concat([...closes, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const statement: Prepared = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(text, statement);
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    let statement = prepared.get(text);
    if (statement) {
      // Map order is use order: the first entries are the ones evicted.
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { parameterTypes } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = parameterTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = protocol;
    const { messages } = await client.execProtocol(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]));
    const answer = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const [results] = parse.parseResults(answer, client.parsers, options);
    if (!results) throw new Error(`No results for a prepared statement: ${text}`);
    return results;
  }

  return async (text, params = [], options) => {
    if (!prepares(text) || options?.blob || options?.paramTypes) return client.query(text, params, options);
    // As PGlite's query does: no transaction in between (the client's), and one query at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run(text, params, options);
        } catch (error) {
          const failure = error as DecoratedError;
          const stale = failure.code && STALE_STATEMENT_CODES.has(failure.code) ? prepared.get(text) : undefined;
          if (stale) {
            prepared.delete(text);
            closing.push(stale.name);
            return run(text, params, options);
          }
          throw Object.assign(failure, { query: text, params, queryOptions: options });
        }
      }),
    );
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
