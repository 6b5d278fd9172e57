import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { RedisClient } from '../redis.js';

/** The authenticated caller, set by the `authenticate` preHandler. */
export interface AuthUser {
  id: string;
  email: string;
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Validated tenant of the request (x-tenant header, default `global`). */
    tenant: string;
    user: AuthUser | null;
    /** Negotiated media type of the answer. */
    responseMediaType: string;
    /** Set once the request wrote its own activity-log row in its unit of work (db/unit-of-work.ts). */
    activityRecorded: boolean;
  }
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    redis: RedisClient | null;
    io: SocketServer;
    /** Clock of the app; tests fix it. */
    now: () => Date;
    /** preHandler that requires a bearer access token and sets `request.user`. */
    authenticate: preHandlerAsyncHookHandler;
    /** The user id of a bearer access token; throws when it is not valid (used by the socket server). */
    verifyAccessToken: (token: string) => Promise<string>;
  }
}
