import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/** What a Drizzle query gives when `.prepare(name)` is called on it. */
interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * A named prepared statement for a hot query (issue #11: the read path near the framework's floor).
 * On the app's database handle the query is built ONCE and kept: each call then skips Drizzle's
 * query building (about 100–250 µs of CPU per query) and, on PostgreSQL, the parse of the statement
 * (node-postgres parses a named statement once per connection; PostgreSQL may keep a generic plan).
 * Inside a transaction the statement is built on that transaction (same name and text, so the
 * connection's parsed statement is reused).
 *
 * `build` must give the same SQL text every time: values go in `sql.placeholder(...)`, never inline,
 * and the name must belong to this one query (node-postgres refuses one name for two texts).
 * Measured by `npm run bench -w @cwh/bench -- prepared` (bench/README.md, "Join path, prepared statements").
 */
export function preparedQuery<P>(db: Executor, name: string, build: (executor: Executor) => Preparable<P>) {
  let onDb: P | undefined;
  return (tx: Executor = db): P => {
    if (tx !== db) return build(tx).prepare(name);
    onDb ??= build(db).prepare(name);
    return onDb;
  };
}

/** The part of Drizzle's database (and transaction) object a named raw statement goes through. */
interface RawSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * `tx.execute(query)` as a NAMED statement, for a hot raw statement (a data-modifying CTE Drizzle's
 * builders cannot express). On PostgreSQL each connection parses it once, and after a few runs the
 * server keeps a generic plan: the parse and plan (about 0.2–0.6 ms of the server's CPU each for the
 * result path's CTEs, bench/README.md) are not paid again. PGlite ignores the name. The answer is
 * `tx.execute`'s (read it with `rowsOf`).
 *
 * The name must belong to one SQL text: a statement whose text varies (a VALUES list of n rows)
 * carries n in its name.
 */
export function executeNamed(tx: Executor, name: string, query: SQL): Promise<unknown> {
  const raw = tx as unknown as RawSession;
  return raw.session.prepareQuery(raw.dialect.sqlToQuery(query), undefined, name, false).execute();
}
