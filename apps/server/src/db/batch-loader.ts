import DataLoader from 'dataloader';

/** The most keys one batched statement carries; a larger turn is split into several. */
export const MAX_BATCH = 500;

/**
 * Requests in flight at once each send the same hot statement (a burst of 200 joins: 200 token
 * lookups, 200 clan reads, 200 audit rows). A batch loader gathers what every request asked in one
 * turn of the event loop and sends it as ONE statement over `any($1)` (issue #11: each statement
 * costs the server a socket write and read, and PostgreSQL a parse, bind and execute).
 *
 * DataLoader (the library GraphQL servers use for this), with:
 * - no cache (`cache: false`): every load reads the database as it is when the batch is sent, so a
 *   request still reads its own earlier writes, and nothing is kept between requests;
 * - the batch sent on `setImmediate`, after the poll phase has run every socket read that was
 *   ready: requests that arrived together are gathered, while a lone request waits for nothing
 *   but the rest of the current turn. DataLoader's default (after the current promise jobs) would
 *   gather only the loads of one request.
 *
 * `load` must answer one value per key, in the keys' order (keys may repeat); an Error in a key's
 * place fails that key's load alone. A failed batch fails every load of it with the same error.
 */
export function batchLoader<K, V>(load: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  return new DataLoader<K, V>(async (keys) => load(keys), {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn: (send) => setImmediate(send),
  });
}

/**
 * A batch loader for writes: the keys of one turn go to `many` as one statement (or one
 * transaction); should it fail (it wrote nothing), each key is tried alone with `one`, so a key the
 * database refuses fails only its own load.
 */
export function batchWriter<K, V>(
  many: (keys: readonly K[]) => Promise<(V | Error)[]>,
  one: (key: K) => Promise<V>,
): DataLoader<K, V> {
  return batchLoader<K, V | Error>(async (keys) => {
    try {
      return await many(keys);
    } catch (error) {
      if (keys.length === 1) throw error;
      return Promise.all(
        keys.map((key) =>
          one(key).catch((failure: unknown) =>
            failure instanceof Error ? failure : new Error(String(failure)),
          ),
        ),
      );
    }
  }) as DataLoader<K, V>;
}

/** `load`'s answer for keys that are looked up by one field: each key's row, or null. */
export function byKey<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): (R | null)[] {
  const found = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => found.get(key) ?? null);
}

/** `load`'s answer for keys that each have many rows: each key's rows, in the rows' order. */
export function allByKey<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): R[][] {
  const found = new Map<K, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = found.get(key);
    if (group) group.push(row);
    else found.set(key, [row]);
  }
  return keys.map((key) => found.get(key) ?? []);
}
