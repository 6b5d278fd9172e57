import { DEFAULT_TENANT, NO_TENANT_HEADER, TENANT_HEADER } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error.js';

const TENANT_PATTERN = /^[a-z0-9-]{1,32}$/;

/** Resolves the tenant of a request from its headers; throws VALIDATION_FAILED for a malformed one. */
export function resolveTenant(headers: Record<string, string | string[] | undefined>): string {
  if (headers[NO_TENANT_HEADER] !== undefined) return DEFAULT_TENANT;
  const raw = headers[TENANT_HEADER];
  if (raw === undefined) return DEFAULT_TENANT;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !TENANT_PATTERN.test(value)) {
    throw new DomainError('VALIDATION_FAILED', `${TENANT_HEADER} must match ${TENANT_PATTERN.source}`, {
      source: { parameter: TENANT_HEADER },
    });
  }
  return value;
}

export function registerTenant(app: FastifyInstance): void {
  app.decorateRequest('tenant', DEFAULT_TENANT);
  // Callback hooks on the path of every request: an async one costs a promise and a microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      request.tenant = resolveTenant(request.headers);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
