import type { FastifyRequest } from 'fastify';
import type { Actor } from '../db/unit-of-work.js';
import './fastify-types.js';

/**
 * The actor of a request's unit of work: its user and address. A row the unit records marks the
 * request, so the central mutation hook (features/activity-log/mutation-audit.ts) writes no second one.
 */
export function actorOf(request: FastifyRequest): Actor {
  return {
    userId: request.user?.id ?? null,
    ipAddress: request.ip,
    onRecorded: () => {
      request.activityRecorded = true;
    },
  };
}
