import { JSONAPI_MEDIA_TYPE } from '@cwh/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { duplicateMember } from './json-duplicate-members.js';

const PLAIN_JSON = 'application/json';
// Documentation routes keep their own media types.
const UNNEGOTIATED = ['/api/openapi.json', '/api/docs'];

/** JSON:API by default; plain JSON when the client asks for application/json and not JSON:API. */
export function negotiateMediaType(accept: string | undefined): string {
  if (!accept) return JSONAPI_MEDIA_TYPE;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  if (types.includes(JSONAPI_MEDIA_TYPE)) return JSONAPI_MEDIA_TYPE;
  if (types.includes(PLAIN_JSON)) return PLAIN_JSON;
  return JSONAPI_MEDIA_TYPE;
}

function isApiRequest(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && !UNNEGOTIATED.some((prefix) => url.startsWith(prefix));
}

/** Accepts JSON:API and plain JSON bodies; answers API JSON with the negotiated media type. */
export function registerContentNegotiation(app: FastifyInstance): void {
  // Only JSON bodies exist in this API; anything else must be a 415, not a string for the validator.
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  const parseUnique: typeof parse = (request, body, done) =>
    parse(request, body, (error, value) => {
      if (error) return done(error, undefined);
      const name = duplicateMember(String(body));
      if (name === null) return done(null, value);
      done(
        new DomainError('VALIDATION_FAILED', `The member "${name}" appears twice in one object`),
        undefined,
      );
    });
  app.removeContentTypeParser('application/json');
  for (const type of [JSONAPI_MEDIA_TYPE, PLAIN_JSON]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, parseUnique);
  }
  app.decorateRequest('responseMediaType', JSONAPI_MEDIA_TYPE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.responseMediaType = negotiateMediaType(request.headers.accept);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const current = reply.getHeader('content-type');
    if (isApiRequest(request) && typeof current === 'string' && current.startsWith(PLAIN_JSON)) {
      reply.header('content-type', `${request.responseMediaType}; charset=utf-8`);
    }
    done(null, payload);
  });
}
