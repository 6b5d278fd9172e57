import { type SQL, sql } from 'drizzle-orm';
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
 * transaction commits. pg-boss writes `$n` placeholders; they become Drizzle parameters in order
 * (a placeholder used twice becomes two parameters with the same value).
 */
export function transactionExecutor(tx: Executor): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const result = await tx.execute(toDrizzleSql(text, values));
      const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows;
      return { rows: rows ?? [] };
    },
  };
}

export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) {
      if (pieces[i]) chunks.push(sql.raw(pieces[i]!));
    } else {
      chunks.push(sql`${values[Number(pieces[i]) - 1] ?? null}`);
    }
  }
  return sql.join(chunks);
}
