import {
  MATCH_CHECK_IN_PATH,
  matchCheckInBody,
  matchCheckInDocument,
  rosterDocument,
  SEGMENT_CHECK_IN_PATH,
  segmentCheckInBody,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { toRosterResource } from '../rosters/roster-mapper.js';
import type { CheckinsRepository } from './checkins-repository.js';
import { type MatchCheckInDeps, matchCheckIn } from './match-check-in-service.js';
import { type StageEntryCheck, segmentCheckIn } from './segment-check-in-service.js';

const tags = ['checkins'];
const security = [{ bearer: [] }];

/** Clan service (API.clan): POST /clan/roster/segment-check-in (contract checkins.ts). */
export function segmentCheckInRoutes(
  db: Db,
  repo: CheckinsRepository,
  isStageEntrant: StageEntryCheck,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      SEGMENT_CHECK_IN_PATH,
      {
        preHandler: app.authenticatePlayer,
        schema: { tags, security, body: segmentCheckInBody, response: { 200: rosterDocument } },
      },
      async (request) => {
        const { segmentId, playerTags } = request.body.data.attributes;
        const roster = await segmentCheckIn(
          { db, repo, now: () => app.now(), isStageEntrant },
          {
            tenant: request.tenant,
            caller: { userId: request.user?.id ?? null, playerTag: request.player?.tag ?? null },
            segmentId,
            playerTags,
          },
        );
        return { data: await toRosterResource(db, roster) };
      },
    );
  };
}

/** War service (API.war): POST /match-check-in (contract checkins.ts). */
export function matchCheckInRoutes(deps: Omit<MatchCheckInDeps, 'now'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MATCH_CHECK_IN_PATH,
      {
        preHandler: app.authenticate,
        schema: { tags, security, body: matchCheckInBody, response: { 200: matchCheckInDocument } },
      },
      async (request) => {
        if (!request.user) throw new DomainError('UNAUTHENTICATED');
        const { matchSeriesId, playerTags } = request.body.data.attributes;
        const result = await matchCheckIn(
          { ...deps, now: () => app.now() },
          { tenant: request.tenant, user: request.user, matchSeriesId, playerTags },
        );
        return { data: { id: result.matchSeriesId, type: 'match-check-ins' as const, attributes: result } };
      },
    );
  };
}
