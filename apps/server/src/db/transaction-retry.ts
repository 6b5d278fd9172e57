/**
 * Serialization failures (40001) and deadlocks (40P01) are PostgreSQL telling one of two
 * transactions to try again: nothing was written. Retrying them inside the transaction helper,
 * a bounded number of times with a small jittered pause, turns a rare race into a short wait
 * instead of a 500.
 */
export const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
export const MAX_TRANSACTION_ATTEMPTS = 5;

/** The SQLSTATE of a driver error (node-postgres and PGlite both set `code`), also when wrapped. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isRetryableTransactionError = (error: unknown) => RETRYABLE_SQLSTATES.has(sqlState(error) ?? '');

export async function withTransactionRetry<T>(
  run: () => Promise<T>,
  options: { attempts?: number; pause?: (attempt: number) => Promise<void> } = {},
): Promise<T> {
  const attempts = options.attempts ?? MAX_TRANSACTION_ATTEMPTS;
  const pause =
    options.pause ??
    ((attempt: number) => new Promise<void>((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      await pause(attempt);
    }
  }
}

/**
 * Makes `db.transaction` retry retryable failures. Only the outermost transaction retries: a nested
 * one (a savepoint) cannot recover from a deadlock, its whole transaction is already aborted.
 */
export function retryTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: D,
): D {
  const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  (db as { transaction: unknown }).transaction = (...args: unknown[]) =>
    withTransactionRetry(() => original(...args));
  return db;
}
