import { countryDocument } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupCountry } from './country.js';

/** GET /api/hub/1.0/country: the caller's country (registration pre-fills it). */
export function countryRoutes(options: { countryTraceUrl: string | undefined }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/country',
      { schema: { tags: ['hub'], response: { 200: countryDocument } } },
      async (request) => {
        const country = await lookupCountry(request, { traceUrl: options.countryTraceUrl });
        return { data: { id: country, type: 'countries' as const, attributes: { country } } };
      },
    );
  };
}
