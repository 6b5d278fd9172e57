import { demoBotRefusalListDocument } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DemoDriver } from './demo-driver.js';

/**
 * GET /api/simulator/1.0/demo-bots/refusals (simulator console, behind the simulator gate): the demo
 * teams the bots could not queue on their last try, with the error code the console explains.
 * Empty when the bots are off.
 */
export function demoRoutes(driver: DemoDriver | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/demo-bots/refusals',
      { schema: { tags: ['simulator'], response: { 200: demoBotRefusalListDocument } } },
      async () => ({
        data: (driver?.refusals() ?? []).map((refusal) => ({
          id: refusal.rosterId,
          type: 'demo-bot-refusals' as const,
          attributes: { team: refusal.team, code: refusal.code, detail: refusal.detail, at: refusal.at },
        })),
      }),
    );
  };
}
