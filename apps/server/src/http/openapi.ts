import { errorDocument, JSONAPI_MEDIA_TYPE } from '@cwh/contract';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
const MEDIA_TYPES = [JSONAPI_MEDIA_TYPE, 'application/json'];
/** Client errors every operation may answer (validation, auth, missing, rate limits) and load shedding. */
const ERROR_STATUSES = ['400', '404', '429', '503'];
const TOKEN_ERROR_STATUSES = ['401', '403'];

/** Whether the route runs one of the token checks (the authenticate preHandlers). */
function needsToken(app: FastifyInstance, route: TransformInput['route']): boolean {
  const checks = [app.authenticate, (app as { authenticatePlayer?: unknown }).authenticatePlayer];
  const hooks = [route.preHandler, route.onRequest].flat().filter(Boolean);
  return hooks.some((hook) => checks.includes(hook as never));
}

/**
 * The generated document tells the truth the fuzz test (test/hardening/openapi-fuzz.test.ts) relies
 * on: `security` on every operation behind a token check, the error answers (JSON:API error
 * documents), and both media types the API speaks.
 */
function truthfulTransform(app: FastifyInstance) {
  return (input: TransformInput) => {
    const secured = needsToken(app, input.route);
    const schema = { ...(input.schema ?? {}) } as Record<string, unknown>;
    const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
    for (const status of [...ERROR_STATUSES, ...(secured ? TOKEN_ERROR_STATUSES : [])]) {
      response[status] ??= errorDocument;
    }
    schema.response = response;
    if (secured && !schema.security) schema.security = [{ bearer: [] }];
    schema.consumes = MEDIA_TYPES;
    schema.produces = MEDIA_TYPES;
    return jsonSchemaTransform({ ...input, schema: schema as TransformInput['schema'] });
  };
}

/** OpenAPI generated from the contract's zod schemas: /api/openapi.json and a browsable /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Clan War Hub API',
        description:
          'JSON:API documents (application/vnd.api+json; send Accept: application/json for plain JSON).',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: truthfulTransform(app),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
