/**
 * Log fields pino replaces with "[Redacted]": credentials in request headers, and the player
 * tokens that game-user refusals carry in their error meta (spec: the 404/401 answers hand the
 * token to the web), which the error handler logs at debug level.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'err.meta.token',
  'err.meta.refreshToken',
];

const SQL_ERROR_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'routine', 'schema'] as const;

/**
 * What an error handler may log of an error. A failed query's message repeats its SQL parameters
 * (e-mails, dates of birth, names: `Failed query: … params: …`), and PostgreSQL's `detail` repeats
 * the offending values (`Key (email)=(…) already exists`): both are dropped, keeping the SQL text,
 * the SQLSTATE and where it failed. Other errors are logged as they are.
 */
/** The stack's frames only: its first lines repeat the message, parameters included. */
const framesOf = (error: Error) =>
  error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

const isQueryError = (error: unknown): error is Error & { query: unknown; params: unknown } =>
  error instanceof Error && 'query' in error && 'params' in error;

export function errorForLog(error: unknown): unknown {
  if (error instanceof Error && !isQueryError(error) && isQueryError(error.cause)) {
    // A domain error wrapping a failed query: pino would print the cause's message, params and all.
    const { code, meta } = error as { code?: unknown; meta?: unknown };
    return {
      type: error.name,
      message: error.message,
      code,
      meta,
      stack: error.stack,
      cause: errorForLog(error.cause),
    };
  }
  if (!isQueryError(error)) return error;
  const cause = (error as { cause?: Record<string, unknown> }).cause ?? {};
  const database: Record<string, unknown> = {};
  for (const field of SQL_ERROR_FIELDS) if (cause[field] !== undefined) database[field] = cause[field];
  const query = String((error as { query: unknown }).query);
  const params = (error as { params: unknown }).params;
  return {
    type: error.name,
    message: `Failed query: ${query}`,
    query,
    paramCount: Array.isArray(params) ? params.length : undefined,
    // The driver's message names the failure, not the values ("duplicate key value violates …").
    cause: { message: typeof cause.message === 'string' ? cause.message : undefined, ...database },
    stack: framesOf(error),
  };
}
