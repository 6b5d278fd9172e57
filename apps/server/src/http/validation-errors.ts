import type { ErrorObject } from '@cwh/contract';
import type { FastifySchemaValidationError } from 'fastify';
import { ERROR_CODES } from '../errors/error-codes.js';

const TITLE = ERROR_CODES.VALIDATION_FAILED.title;

/** One JSON:API error per schema issue, pointing into the body or naming the query/path parameter. */
export function validationErrorObjects(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
): ErrorObject[] {
  return issues.map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const where = segments.join('.');
    const detail = where
      ? `${where}: ${issue.message ?? 'Invalid value'}`
      : (issue.message ?? 'Invalid value');
    const source =
      context === 'body' || context === undefined
        ? { pointer: issue.instancePath || '/' }
        : { parameter: segments[0] ?? context };
    return { status: '400', code: 'VALIDATION_FAILED', title: TITLE, detail, source };
  });
}
