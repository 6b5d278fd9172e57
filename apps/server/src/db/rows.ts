/**
 * The rows of a raw `db.execute(sql\`...\`)` result. node-postgres and PGlite both answer
 * `{ rows }`; Drizzle types the result per driver, so raw queries read it through here.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
