import { loginBody, refreshBody, sessionDocument, userDocument } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoSeconds } from '../../http/jsonapi.js';
import type { FailureLimit } from '../../http/rate-limit.js';
import { type AuthService, type IssuedSession, invalidAccessToken } from './auth-service.js';
import { toUserResource } from './user-mapper.js';

function sessionBody(session: IssuedSession) {
  return {
    data: {
      id: session.id,
      type: 'sessions' as const,
      attributes: {
        userId: session.userId,
        token: { value: session.accessToken.value, expires: isoSeconds(session.accessToken.expires) },
        refreshToken: {
          value: session.refreshToken.value,
          expires: isoSeconds(session.refreshToken.expires),
        },
      },
    },
  };
}

/** Routes under /api/users/1.0: login, refresh, current user. */
export function authRoutes(
  auth: AuthService,
  options: {
    loginLimit: FailureLimit;
    /** The served URLs of a user's avatar and profile avatar (the uploads feature answers it). */
    avatarsOf?: (userId: string) => Promise<{ avatar: string | null; profile: string | null }>;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      { schema: { tags: ['users'], body: loginBody, response: { 200: sessionDocument } } },
      async (request) => {
        const { email, password } = request.body.data.attributes;
        // Failed sign-ins count per IP and e-mail, per e-mail, and per IP; refused before the password check.
        const account = email.toLowerCase();
        const keys = [`${request.ip}|${account}`, account, request.ip];
        return sessionBody(await options.loginLimit(keys, () => auth.login(email, password)));
      },
    );

    app.post(
      '/login/refresh',
      { schema: { tags: ['users'], body: refreshBody, response: { 200: sessionDocument } } },
      async (request) => sessionBody(await auth.refresh(request.body.data.attributes.refreshToken)),
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['users'],
          summary: 'Sign out',
          description:
            "Ends the session of the bearer access token, a hub user's or a player's: the access token, its refresh token and every token rotated from them stop working at once.",
          security: [{ bearer: [] }],
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        // Any live or expired-but-known access token of either kind: a player without a hub user
        // signs out too (app.authenticate would refuse them).
        const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (!token || !(await auth.logout(token))) throw invalidAccessToken();
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/user',
      {
        preHandler: app.authenticate,
        schema: { tags: ['users'], security: [{ bearer: [] }], response: { 200: userDocument } },
      },
      async (request) => {
        const { user, gameAccounts } = await auth.getProfile(request.user!.id);
        const avatars = options.avatarsOf ? await options.avatarsOf(user.id) : undefined;
        return { data: toUserResource(user, gameAccounts, avatars) };
      },
    );
  };
}
