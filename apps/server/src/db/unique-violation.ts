/** PostgreSQL's unique_violation SQLSTATE. */
const UNIQUE_VIOLATION = '23505';

/** A unique-index violation, from node-postgres or PGlite, raw or wrapped by Drizzle (`cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/**
 * Runs a write whose unique index is a business rule (one live roster per clan and segment, one
 * user per e-mail): a violation is the caller's conflict, thrown as `conflict()`, not a crash.
 * Repositories use it, so services and routes never see SQLSTATEs. Inside a transaction the error
 * aborts it, which is what the caller's rollback needs anyway.
 */
export async function conflictOnDuplicate<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
