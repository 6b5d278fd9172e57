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
 * Measured by `npm run bench -w @cwh/bench -- prepared` (bench/README.md, "prepared and statistics").
 */
export function preparedQuery<P>(db: Executor, name: string, build: (executor: Executor) => Preparable<P>) {
  let onDb: P | undefined;
  return (tx: Executor = db): P => {
    if (tx !== db) return build(tx).prepare(name);
    onDb ??= build(db).prepare(name);
    return onDb;
  };
}
