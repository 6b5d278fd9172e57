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
