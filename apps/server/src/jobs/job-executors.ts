import type { Database, Executor } from '../db/client.js';

/** What pg-boss calls to run SQL: its `db` option, on the app's own connections. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on the app's database, whichever engine: PostgreSQL through the app's pool (no second pool),
 * PGlite through its single connection. pg-boss sends its schema creation and maintenance as
 * multi-statement text without parameters (`BEGIN; …; COMMIT`), which PGlite only runs through
 * `exec`; anything with parameters goes through `query`.
 */
export function databaseExecutor(database: Database): SqlExecutor {
  const driver = database.driver;
  if (driver.kind === 'postgres') {
    return {
      executeSql: async (text, values) => {
        const result = await driver.pool.query(text, values as unknown[] | undefined);
        return { rows: result.rows };
      },
    };
  }
  const client = driver.client;
  return {
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values as unknown[]);
      return { rows: result.rows };
    },
  };
}

/**
 * Runs pg-boss's SQL inside a caller's Drizzle transaction, so a job is created only if the
 * transaction commits. The statement goes to the transaction's own driver connection (PoolClient or
 * PGlite transaction, both `query(text, values)`): pg-boss reuses a `$n` placeholder in several
 * places with one inferred type, which rewriting it into Drizzle parameters would break.
 */
export function transactionExecutor(tx: Executor): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: QueryClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('Jobs: this Drizzle transaction exposes no driver connection to send a job on');
  }
  return {
    executeSql: async (text, values = []) => {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

interface QueryClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}
