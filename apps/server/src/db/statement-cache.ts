import type pg from 'pg';

/** Statement texts a process names at most by default (`DATABASE_STATEMENT_CACHE`). */
export const DEFAULT_STATEMENT_CACHE_SIZE = 1_000;
/** A text is named from its second run: a statement run once is never kept on the server. */
export const STATEMENT_NAME_THRESHOLD = 2;

/**
 * Names repeated statements, as the field's drivers do (JDBC's `prepareThreshold`, asyncpg's and
 * pgx's statement caches): a query text seen `threshold` times gets a name, and node-postgres then
 * parses it once per connection; PostgreSQL plans it once and, after a few runs, may keep a generic
 * plan. Every repository query is a fixed text with `$n` parameters (Drizzle never inlines values),
 * so the hot path pays neither parse nor plan again (issue #11: half of PostgreSQL's time on the
 * queue's path went to parse and bind, bench/README.md).
 *
 * Bounded: at most `size` texts are named per process (a named statement stays prepared on each
 * connection until it closes); past that, new texts run unnamed as before. Texts counted but not yet
 * named are forgotten in bulk when there are `4 × size` of them.
 */
export function createStatementNamer(size: number, threshold = STATEMENT_NAME_THRESHOLD) {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  return {
    /** The name for `text`, or undefined while it is not (or cannot be) named. */
    nameOf(text: string): string | undefined {
      const named = names.get(text);
      if (named !== undefined || names.size >= size) return named;
      const count = (seen.get(text) ?? 0) + 1;
      if (count < threshold) {
        if (seen.size >= size * 4) seen.clear();
        seen.set(text, count);
        return undefined;
      }
      seen.delete(text);
      const name = `cwh_auto_${names.size + 1}`;
      names.set(text, name);
      return name;
    },
    get size() {
      return names.size;
    },
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown };

/**
 * Gives every connection of `pool` the namer: a parameterised query without a name gets the
 * namer's. Queries without parameters (BEGIN, COMMIT, migrations' multi-statement scripts) stay in
 * the simple protocol, where a name cannot go, and explicit names (`preparedQuery`) are kept.
 */
export function nameRepeatedStatements(pool: pg.Pool, size: number): void {
  if (size <= 0) return;
  const namer = createStatementNamer(size);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const c = config as QueryConfigLike | null;
      if (
        c !== null &&
        typeof c === 'object' &&
        typeof c.text === 'string' &&
        c.name === undefined &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const name = namer.nameOf(c.text);
        if (name !== undefined) return query({ ...c, name }, values, callback);
      }
      return query(config, values, callback);
    };
  });
}
