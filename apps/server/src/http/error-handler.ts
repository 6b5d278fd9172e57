import type { ErrorObject } from '@cwh/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError } from '../errors/domain-error.js';
import { ERROR_CODES, type ErrorCode } from '../errors/error-codes.js';
import { errorMessage } from './jsonapi.js';
import { errorForLog } from './log-redaction.js';
import { validationErrorObjects } from './validation-errors.js';

// Fastify's own client errors (body parsing, content type, limits) by status.
const FASTIFY_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** A lost connection is replaced by the pool at once; a failover takes a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function sendErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  errors: ErrorObject[],
) {
  const path = request.url.split('?')[0] ?? request.url;
  const meta = {
    message: errorMessage(status, request.method, path, errors),
    status,
    method: request.method,
    path,
  };
  const retryAfter = errors.map((e) => e.meta?.retryAfterSeconds).find((v) => typeof v === 'number');
  if ((status === 429 || status === 503) && retryAfter !== undefined)
    reply.header('retry-after', String(retryAfter));
  return reply.status(status).send({ errors, meta });
}

function errorObject(code: ErrorCode, detail: string, extra: Partial<ErrorObject> = {}): ErrorObject {
  const { status, title } = ERROR_CODES[code];
  return { status: String(status), code, title, detail, ...extra };
}

function toErrorObjects(error: FastifyError | DomainError): { status: number; errors: ErrorObject[] } | null {
  if (error instanceof DomainError) {
    const extra: Partial<ErrorObject> = {};
    if (error.source) extra.source = error.source;
    if (error.meta) extra.meta = error.meta;
    extra.status = String(error.status);
    return { status: error.status, errors: [errorObject(error.code, error.message, extra)] };
  }
  if (error.validation) {
    return { status: 400, errors: validationErrorObjects(error.validation, error.validationContext) };
  }
  const code = error.statusCode ? FASTIFY_STATUS_CODES[error.statusCode] : undefined;
  if (code) return { status: ERROR_CODES[code].status, errors: [errorObject(code, error.message)] };
  return null;
}

/** The single place where errors become JSON:API error documents. Never leaks a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const mapped = toErrorObjects(error);
    if (mapped) {
      if (mapped.status >= 500) request.log.error({ err: errorForLog(error) }, 'request failed');
      else request.log.debug({ err: errorForLog(error) }, 'request rejected');
      return sendErrors(request, reply, mapped.status, mapped.errors);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: errorForLog(error) }, 'database unavailable');
      const detail = 'The database is unavailable for a moment; try again shortly';
      const meta = { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
      return sendErrors(request, reply, 503, [errorObject('SERVICE_UNAVAILABLE', detail, { meta })]);
    }
    request.log.error({ err: errorForLog(error) }, 'unhandled error');
    return sendErrors(request, reply, 500, [errorObject('INTERNAL_ERROR', 'An unexpected error occurred')]);
  });
}
