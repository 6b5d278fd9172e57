import { passwordChangeBody, passwordResetChangeBody, passwordResetRequestBody } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { createAccountService } from './account-service.js';

const tags = ['users'];

/** POST /user/password/change, /user/password/reset and /user/password/reset/change. */
export function accountRoutes(account: ReturnType<typeof createAccountService>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/password/change',
      {
        preHandler: app.authenticate,
        schema: { tags, security: [{ bearer: [] }], body: passwordChangeBody },
      },
      async (request, reply) => {
        const { currentPassword, password } = request.body.data.attributes;
        await account.changePassword(request, currentPassword, password);
        return reply.status(204).send();
      },
    );

    app.post(
      '/user/password/reset',
      { schema: { tags, body: passwordResetRequestBody } },
      async (request, reply) => {
        await account.requestReset(request, request.body.data.attributes.email);
        return reply.status(204).send();
      },
    );

    app.post(
      '/user/password/reset/change',
      { schema: { tags, body: passwordResetChangeBody } },
      async (request, reply) => {
        const { token, password } = request.body.data.attributes;
        await account.resetWithToken(request, token, password);
        return reply.status(204).send();
      },
    );
  };
}
