import { sqlState } from './transaction-retry.js';

/**
 * SQLSTATEs that say the database connection went away, not that the statement was wrong:
 * connection exceptions (class 08), the server shutting down or terminating the backend
 * (`pg_terminate_backend`, a failover: 57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres ends a query on a lost connection with a plain Error of this text (no code). */
const LOST_CONNECTION =
  /^Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/;

/**
 * Whether a request failed because the database could not be reached (a dropped or terminated
 * connection, a server restarting): the caller may try again shortly, so it is a 503 with
 * Retry-After, not a 500. The pool replaces the lost client, so the next request works.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return UNAVAILABLE_STATES.test(sqlState(error) ?? '');
}
