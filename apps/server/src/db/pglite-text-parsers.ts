import { type PGlite, types } from '@electric-sql/pglite';
import { createTurns } from './event-loop-turns.ts';
import type { CachedQuery } from './pglite-statement-cache.ts';

/**
 * Drizzle's PGlite driver sends these parsers with every query, so dates, times and intervals (and arrays
 * of them) stay text. PGlite copies its whole parser map into a new object for each result that carries
 * per-query parsers, which doubled the cost of a small query (130 against 55 µs for SELECT 1): the
 * parsers are set once on the database instead (applyTextTypeParsers), and the same per-query ones are
 * dropped on the way (dropRedundantParsers).
 */
const keepText = (value: string): string => value;
export const TEXT_TYPE_PARSERS: Readonly<Record<number, (value: string) => string>> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/**
 * Sets the text parsers on the open database's own map. After PGlite.create, since its start-up fills in
 * a parser for every array type and would replace those given to the constructor.
 */
export function applyTextTypeParsers(client: Pick<PGlite, 'parsers'>): void {
  Object.assign(client.parsers, TEXT_TYPE_PARSERS);
}

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/** Options without `parsers` when every parser given is one the database already applies (a type of TEXT_TYPE_PARSERS). */
export function withoutRedundantParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  if (!Object.keys(options.parsers).every((type) => Number(type) in TEXT_TYPE_PARSERS)) return options;
  const { parsers: _alreadyApplied, ...rest } = options;
  return rest;
}

/**
 * The client (or a transaction of it) as Drizzle sees it: queries lose the parsers the database already
 * applies and each starts on a turn of the event loop of its own (event-loop-turns.ts; the client and its
 * transactions share the turns), through `cachedQuery` when given (the client's, not a transaction's:
 * pglite-statement-cache.ts); everything else is the client's own (bound to it: PGlite keeps private fields).
 */
export function dropRedundantParsers<Client extends Queryable>(
  client: Client,
  turn: () => Promise<void> = createTurns(),
  cachedQuery?: CachedQuery,
): Client {
  // Made once: the proxy sits under every query of the embedded database.
  const send = cachedQuery ?? client.query.bind(client);
  const query = async (text: string, params?: unknown[], options?: QueryOptions) => {
    await turn();
    return send(text, params, withoutRedundantParsers(options));
  };
  const transaction = client.transaction
    ? <T>(callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
        client.transaction?.((tx) => callback(dropRedundantParsers(tx, turn)))
    : undefined;
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction' && transaction) return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
