import { ERROR_CODES, type ErrorCode } from './error-codes.js';

export interface DomainErrorSource {
  pointer?: string;
  parameter?: string;
}

export interface DomainErrorOptions {
  source?: DomainErrorSource;
  meta?: Record<string, unknown>;
  cause?: unknown;
  /** Overrides the catalogue's status where one code answers differently in two places. */
  status?: number;
}

/**
 * The only error repositories and services throw. It names a code, never an HTTP status:
 * the central error handler turns it into a JSON:API error object.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly source: DomainErrorSource | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly #status: number | undefined;

  constructor(code: ErrorCode, detail?: string, options: DomainErrorOptions = {}) {
    super(detail ?? ERROR_CODES[code].title, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.source = options.source;
    this.meta = options.meta;
    this.#status = options.status;
  }

  get status(): number {
    return this.#status ?? ERROR_CODES[this.code].status;
  }
}

export const notFound = (type: string, id: string) =>
  new DomainError('NOT_FOUND', `No ${type} with id ${id}`);
